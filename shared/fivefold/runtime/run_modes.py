"""`-m MODULE`, `-c CODE`, `-` (stdin) and a directory or zip file with __main__.py:
the other ways `python` runs a program (a plain script is program.py's).

Each sets up `sys.argv`, `sys.path[0]` and a fresh `__main__` as CPython does
for that mode, installs the import hook (import_hook.py) and runs the main code on
fivefold through program.execute (same exit statuses and traceback printing as
a script). The main module of `-m` is compiled by fivefold wherever it lives;
what it imports follows the import hook's rule.
"""

import os
import sys

# __loader__ of -c and stdin programs, as python sets it (the frozen importlib is
# loaded in every interpreter; importing importlib.machinery would add modules).
from _frozen_importlib import BuiltinImporter

from fivefold.runtime import program, program_cache


def _main_module(name_attrs: dict):
    import builtins

    main = program.ModuleType("__main__")
    main.__builtins__ = builtins
    for key, value in name_attrs.items():
        setattr(main, key, value)
    sys.modules["__main__"] = main
    return main


def _importer(path: str):
    """The path entry finder python's path hooks give `path` (a directory, a zip file),
    or None for a plain file: then `python PATH` runs it as a script, else as the
    __main__ module found there (CPython's pymain_get_importer)."""
    for hook in sys.path_hooks:
        try:
            return hook(path)
        except ImportError:
            continue
    return None


def run_path(path: str, args: list[str], stats: bool = False,
             accelerate: list[str] = ()) -> int:
    """`python PATH ARGS`: a script, or a directory or zip file with __main__.py."""
    if os.path.exists(path) and _importer(path) is not None:
        return run_main_of(path, args, stats, accelerate)
    return program.run_program(program.RunOptions(path, args, stats, accelerate))


def run_main_of(path: str, args: list[str], stats: bool, accelerate) -> int:
    """`python DIR_OR_ZIP ARGS`: the path (absolute) is sys.path[0] and its __main__
    module runs as the main module; sys.argv[0] stays as typed."""
    import runpy

    sys.argv[:] = [path, *args]
    entry = os.path.abspath(path)
    if sys.path:
        sys.path[0] = entry
    else:
        sys.path.append(entry)
    program.prepare_process(entry if os.path.isdir(entry) else None, list(accelerate))
    try:
        # runpy's own search for __main__, with its "can't find '__main__' module in"
        # message: CPython's own start-up calls the same function.
        mod_name, spec, code = runpy._get_main_module_details(runpy._Error)
    except runpy._Error as e:
        print(f"{sys.executable}: {e}", file=sys.stderr)
        return 1
    except SyntaxError as e:
        e.__traceback__ = None
        sys.excepthook(type(e), e, None)
        return 1
    return _run_found(mod_name, spec, code, stats)


def run_module(module: str, args: list[str], stats: bool = False,
               accelerate: list[str] = ()) -> int:
    """`python -m MODULE ARGS`: sys.path[0] is the current directory, sys.argv[0] the
    module's file; a package runs its __main__ submodule."""
    import runpy

    # Until the module is found, sys.argv[0] is "-m", as in CPython.
    sys.argv[:] = ["-m", *args]
    cwd = os.getcwd()
    program.set_path0(cwd)
    program.prepare_process(cwd, list(accelerate))
    try:
        # runpy's own search (packages' __main__, "cannot be directly executed" ...):
        # CPython's -m calls the same function. It returns CPython's code, unused
        # unless the import hook already gave fivefold's.
        mod_name, spec, code = runpy._get_module_details(module, runpy._Error)
    except runpy._Error as e:
        print(f"{sys.executable}: {e}", file=sys.stderr)
        return 1
    except SyntaxError as e:
        e.__traceback__ = None
        sys.excepthook(type(e), e, None)
        return 1
    sys.argv[0] = spec.origin
    return _run_found(mod_name, spec, code, stats)


def _run_found(mod_name: str, spec, code, stats: bool) -> int:
    """Run a module runpy found as __main__: fivefold's code (the import hook's, or
    compiled here from its source), or CPython's for a module without source."""
    from fivefold.runtime.bytecode_cache import is_shadow

    if not is_shadow(code):
        source = spec.loader.get_source(mod_name)
        if source is not None:  # no source (a .pyc-only module): CPython's code it is
            code = program_cache.compile_main(source, spec.origin, use_cache=False)
            if code is None:
                return 1
    main = _main_module({
        "__name__": "__main__", "__file__": spec.origin, "__cached__": spec.cached,
        "__doc__": None, "__loader__": spec.loader, "__package__": spec.parent,
        "__spec__": spec})
    return program.execute(code, main, stats)


def run_command(command: str, args: list[str], stats: bool = False,
                accelerate: list[str] = ()) -> int:
    """`python -c CODE ARGS`: sys.argv[0] is "-c", sys.path[0] is ""."""
    sys.argv[:] = ["-c", *args]
    program.set_path0("")
    program.prepare_process(os.getcwd(), list(accelerate))
    main = _main_module({"__name__": "__main__", "__doc__": None, "__package__": None,
                         "__spec__": None, "__loader__": BuiltinImporter,
                         "__annotations__": {}})
    code = program_cache.compile_main(command, "<string>", use_cache=not stats)
    if code is None:
        return 1
    return program.execute(code, main, stats)


def run_stdin(args: list[str], stats: bool = False, accelerate: list[str] = (),
              argv0: str = "-") -> int:
    """`python - ARGS` (argv0 "-") or `python < PROGRAM` (argv0 ""): the program is read
    from standard input; __file__ is "<stdin>", as python sets it."""
    sys.argv[:] = [argv0, *args]
    program.set_path0("")
    program.prepare_process(os.getcwd(), list(accelerate))
    main = _main_module({"__name__": "__main__", "__doc__": None, "__package__": None,
                         "__spec__": None, "__loader__": BuiltinImporter,
                         "__annotations__": {}, "__file__": "<stdin>", "__cached__": None})
    code = program_cache.compile_main(sys.stdin.buffer.read(), "<stdin>", use_cache=not stats)
    if code is None:
        return 1
    return program.execute(code, main, stats)
