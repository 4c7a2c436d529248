"""Run a Python program on fivefold the way `python PROGRAM.py ARGS` runs it.

Same `sys.argv`, `sys.path[0]` (the program's directory) and a fresh `__main__`
module; CPython's own compile() reports syntax errors and compile-time warnings
(so they read exactly as CPython's); fivefold compiles the program and runs
it; an uncaught exception prints through `sys.excepthook` with the runner's own
frames removed from the traceback, exit status 1; SystemExit is left to the
interpreter, which handles it (message, status, flushing, atexit) as it always
does.
"""

import os
import sys

# Only modules `python` itself has imported by now are imported here (the loader
# class from the frozen importlib, a module made by calling the module type): the
# run path adds nothing to sys.modules but fivefold's own modules
# (tests/runtime/test_startup_imports.py).
from _frozen_importlib_external import SourceFileLoader

from fivefold.runtime import program_cache

ModuleType = type(sys)


class RunOptions:
    """What `fivefold run PROGRAM.py ARGS` was asked to do."""

    __slots__ = ("path", "args", "stats", "accelerate")

    def __init__(self, path: str, args: list[str] | None = None, stats: bool = False,
                 accelerate: list[str] | None = None):
        self.path = path
        self.args = list(args or [])
        self.stats = stats
        self.accelerate = list(accelerate or [])  # module patterns (import_hook.py)


def _fresh_main(path: str) -> ModuleType:
    import builtins

    main = ModuleType("__main__")
    main.__file__ = path
    main.__cached__ = None
    main.__builtins__ = builtins
    main.__loader__ = SourceFileLoader("__main__", path)
    main.__spec__ = None
    main.__package__ = None
    main.__annotations__ = {}
    return main


def _print_uncaught(exc: BaseException, user_code) -> None:
    """sys.excepthook with the traceback starting at the program's own module frame."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code is not user_code:
        tb = tb.tb_next
    if tb is None:  # failed before the program's first frame: keep everything
        tb = exc.__traceback__
    exc.__traceback__ = tb
    sys.excepthook(type(exc), exc, tb)


def _die_of_sigint() -> None:
    """CPython exits through SIGINT after an uncaught KeyboardInterrupt."""
    import signal

    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)


def _execute(code, namespace: dict) -> None:
    """Run the module code.

    Under `exec` the runner's own frames (runpy, the CLI, this function) stay below
    the program's `<module>` frame: visible through `f_back`/`inspect.stack()` and
    counted against the recursion limit, unlike `python PROGRAM.py`. The VM's
    `run_as_main(code, globals)` runs the code with no frame below it and the
    recursion depth starting from zero, which removes that difference.
    """
    from fivefold import _fivefold

    _fivefold.run_as_main(code, namespace)


def run_program(options: RunOptions) -> int:
    """Run the program; return the exit status (SystemExit propagates)."""
    path = options.path
    try:
        with open(path, "rb") as f:
            source = f.read()
    except OSError as e:
        print(f"{sys.executable}: can't open file {os.path.abspath(path)!r}: [Errno {e.errno}] {e.strerror}",
              file=sys.stderr)
        return 2
    sys.argv[:] = [path, *options.args]
    program_dir = os.path.dirname(os.path.realpath(path))
    set_path0(program_dir)
    prepare_process(program_dir, options.accelerate)
    # Like CPython 3.9+, the program's file name (in __file__, code objects, tracebacks
    # and warnings) is absolute; sys.argv[0] stays as typed.
    filename = os.path.abspath(path)
    main = _fresh_main(filename)
    sys.modules["__main__"] = main
    code = program_cache.compile_main(source, filename, use_cache=not options.stats)
    if code is None:
        return 1
    return execute(code, main, options.stats)


def set_path0(directory: str) -> None:
    """sys.path[0] is the program's directory, unless -P/-I (sys.flags.safe_path) said
    not to prepend one; then the entry the interpreter put there is left alone."""
    if sys.flags.safe_path:
        return
    if sys.path:
        sys.path[0] = directory
    else:
        sys.path.append(directory)


def prepare_process(program_dir: str | None, accelerate: list[str]) -> None:
    """Before the program runs: the import hook for its directory, and sys.executable
    set to the fivefold launcher so child Python processes run on fivefold too."""
    from fivefold.runtime import executable, import_hook

    import_hook.install_for_program(program_dir, accelerate)
    executable.adopt_executable()


def execute(code, main: ModuleType, stats: bool) -> int:
    """Run the program's code in `main`; return the exit status (SystemExit propagates)."""
    try:
        try:
            _execute(code, main.__dict__)
        finally:
            if stats:
                from fivefold.runtime.run_stats import print_stats

                print_stats(sys.stderr)
    except SystemExit:
        raise
    except KeyboardInterrupt as e:
        _print_uncaught(e, code)
        _die_of_sigint()
        return 130
    except BaseException as e:  # noqa: BLE001 - report what escapes, as CPython does
        _print_uncaught(e, code)
        return 1
    return 0
