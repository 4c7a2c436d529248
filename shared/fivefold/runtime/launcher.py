"""`fivefold-python`: a launcher that behaves like a Python executable, on fivefold.

    fivefold-python [PYTHON OPTIONS] (PROGRAM.py | -m MODULE | -c CODE | -) [ARGS]

It accepts the command line of `python` so that tools which start Python
processes can start fivefold instead: pyperf's `--python=fivefold-python` runs
benchmark workers on it, and since `sys.executable` is set to the launcher,
`subprocess.run([sys.executable, ...])` and pyperf's own worker spawning stay on
fivefold as well. The environment (FIVEFOLD_STAGE, FIVEFOLD_ACCELERATE, ...)
is inherited as usual; pyperf only passes variables named with
`--inherit-environ`.

Interpreter options (-u -E -s -S -I -P -B -O -OO -b -d -q -v -W ARG -X OPT
--check-hash-based-pycs MODE) are applied by the real interpreter: the launcher
re-executes it with those options and `-c` a bootstrap that imports this
module and runs the program part of the command line. (They cannot be applied
from inside a running interpreter: sys.flags, -E, -S, -I and -X are read at
startup.) Without options nothing is re-executed. Not supported: the
interactive modes (-i, or no program with a terminal as stdin) and -x; they get
a one-line message and exit status 2, like any bad command line. The command line
itself is parsed by run_command.py, shared with `fivefold run`.
"""

import os
import sys

from fivefold.runtime import executable
from fivefold.runtime.run_command import (
    RUN_HELP,
    RUN_USAGE,
    CommandLine,
    SettingError,
    UsageError,
    parse,
    run,
)

PROG = "fivefold-python"


def _bootstrap_code() -> str:
    """The -c program for the re-executed interpreter: import fivefold (also under -S,
    where site-packages is not on sys.path) and run the rest of the command line."""
    editable = sys.modules.get("_fivefold_editable_loader")
    if editable is not None and getattr(editable, "__file__", None):
        setup = (f"sys.path.insert(0, {os.path.dirname(editable.__file__)!r}); "
                 "import _fivefold_editable_loader as L; L.init(); del sys.path[0]")
    else:
        import fivefold

        parent = os.path.dirname(os.path.dirname(os.path.abspath(fivefold.__file__)))
        # Only the package is needed: its submodules are found through its __path__.
        setup = f"sys.path.insert(0, {parent!r}); import fivefold; del sys.path[0]"
    return ("import sys\n"
            "try:\n    import fivefold.runtime.launcher\n"
            f"except ImportError:\n    {setup}\n"
            "import fivefold.runtime.launcher\n"
            "sys.exit(fivefold.runtime.launcher.reexec_main())\n")


def _usage() -> str:
    return (f"usage: {PROG} [option] ... (file | -m mod | -c cmd | -) [arg] ...\n"
            "Runs a Python program on fivefold; accepts python's options "
            "(-u -E -s -S -I -P -B -O -W -X ...).\n")


def start(cl: CommandLine) -> int:
    """Print the version or help, or re-execute the real interpreter with the
    interpreter options (they cannot be applied from inside a running one), or run
    the program here. Shared by `fivefold-python` and `fivefold run`."""
    if cl.action == "version":
        print(f"Python {sys.version.split()[0]}")
        return 0
    if cl.action == "help":
        sys.stdout.write(_usage())
        return 0
    if cl.interpreter_options:
        launcher = executable.LAUNCHER or executable.find_launcher() or sys.executable
        real = executable.real_python()
        args = [real, *cl.interpreter_options, "-c", _bootstrap_code(), launcher,
                *cl.program_part()]
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(real, args)
    return run(cl)


def main(argv: list[str] | None = None) -> int:
    """The console script: parse python's command line; re-execute the real interpreter
    when there are interpreter options, else run the program here."""
    argv = sys.argv[1:] if argv is None else argv
    if executable.LAUNCHER is None and sys.argv \
            and os.path.basename(sys.argv[0]) == executable.SCRIPT_NAME:
        executable.LAUNCHER = os.path.abspath(sys.argv[0])
    try:
        return start(parse(argv))
    except SettingError as e:
        print(e, file=sys.stderr)
        return 2
    except UsageError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2


def run_main(argv: list[str]) -> int:
    """`fivefold run ARGS`: a bad command line is usage and one error line, status 2."""
    try:
        cl = parse(argv, fivefold=True)
        if cl.action == "help":
            sys.stdout.write(RUN_HELP)
            return 0
        return start(cl)
    except SettingError as e:
        print(e, file=sys.stderr)
        return 2
    except UsageError as e:
        sys.stderr.write(f"{RUN_USAGE}fivefold run: error: {e}\n")
        return 2


def reexec_main() -> int:
    """In the re-executed interpreter: sys.argv is ["-c", LAUNCHER, PROGRAM PART...];
    the program part may hold `fivefold run`'s own options."""
    executable.LAUNCHER = sys.argv[1]
    try:
        cl = parse(sys.argv[2:], fivefold=True)
        if cl.interpreter_options:  # the program part never has any
            raise UsageError("internal error: interpreter options after re-execution")
        return run(cl)
    except SettingError as e:
        print(e, file=sys.stderr)
        return 2
    except UsageError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    # `python -m fivefold.runtime.launcher ...`: the launcher's state lives in
    # executable.py, so running this file as __main__ shares it.
    sys.exit(main())
