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
a one-line message and exit status 2, like any bad command line.
"""

from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass, field

from fivefold.runtime import executable

PROG = "fivefold-python"

# Options without an argument that the real interpreter applies.
_FLAG_OPTIONS = set("bBdEIOPqsSuv")
# Options with an argument (in the same word or the next one).
_ARG_OPTIONS = set("WX")
_UNSUPPORTED = {"i": "interactive mode (-i)", "x": "-x (skip the first line)"}


class UsageError(Exception):
    pass


@dataclass
class CommandLine:
    """A python command line, split into interpreter options and the program part."""

    interpreter_options: list[str] = field(default_factory=list)
    mode: str = "stdin"          # "script", "module", "command", "stdin"
    target: str = ""             # the script, module or command
    args: list[str] = field(default_factory=list)
    action: str = ""             # "version", "help": print and exit

    def program_part(self) -> list[str]:
        """The command line without the interpreter options."""
        if self.mode == "script":
            return [self.target, *self.args]
        if self.mode == "module":
            return ["-m", self.target, *self.args]
        if self.mode == "command":
            return ["-c", self.target, *self.args]
        return ["-", *self.args]


def parse(argv: list[str]) -> CommandLine:
    """Parse `python`'s command line (Python 3.11's rules, Modules/main.c + getopt)."""
    cl = CommandLine()
    i = 0
    while i < len(argv):
        word = argv[i]
        i += 1
        if word == "-":
            cl.mode, cl.args = "stdin", argv[i:]
            return cl
        if word == "--":
            break
        if word.startswith("--"):
            if word in ("--version",):
                cl.action = "version"
                return cl
            if word in ("--help", "--help-env", "--help-xoptions", "--help-all"):
                cl.action = "help"
                return cl
            if word == "--check-hash-based-pycs":
                if i >= len(argv):
                    raise UsageError("option --check-hash-based-pycs needs an argument")
                cl.interpreter_options += [word, argv[i]]
                i += 1
                continue
            raise UsageError(f"unknown option {word}")
        if not word.startswith("-"):
            i -= 1
            break
        j = 1
        while j < len(word):
            letter = word[j]
            j += 1
            if letter in ("c", "m"):
                if j < len(word):
                    value, rest = word[j:], argv[i:]
                elif i < len(argv):
                    value, rest = argv[i], argv[i + 1:]
                else:
                    raise UsageError(f"option -{letter} needs an argument")
                cl.mode = "command" if letter == "c" else "module"
                cl.target, cl.args = value, rest
                return cl
            if letter in _ARG_OPTIONS:
                if j < len(word):
                    value = word[j:]
                elif i < len(argv):
                    value = argv[i]
                    i += 1
                else:
                    raise UsageError(f"option -{letter} needs an argument")
                cl.interpreter_options += [f"-{letter}", value]
                break
            if letter in _FLAG_OPTIONS:
                cl.interpreter_options.append(f"-{letter}")
                continue
            if letter == "V":
                cl.action = "version"
                return cl
            if letter in ("h", "?"):
                cl.action = "help"
                return cl
            if letter in _UNSUPPORTED:
                raise UsageError(f"{_UNSUPPORTED[letter]} is not supported")
            raise UsageError(f"unknown option -{letter}")
    if i < len(argv):
        cl.mode, cl.target, cl.args = "script", argv[i], argv[i + 1:]
    return cl


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


def _run(cl: CommandLine) -> int:
    if cl.mode == "script":
        from fivefold.runtime.program import RunOptions, run_program

        return run_program(RunOptions(cl.target, list(cl.args)))
    from fivefold.runtime import run_modes

    if cl.mode == "module":
        return run_modes.run_module(cl.target, list(cl.args))
    if cl.mode == "command":
        return run_modes.run_command(cl.target, list(cl.args))
    if sys.stdin is not None and sys.stdin.isatty():
        raise UsageError("interactive mode is not supported: give a program, -m, -c or -")
    return run_modes.run_stdin(list(cl.args))


def _usage() -> str:
    return (f"usage: {PROG} [option] ... (file | -m mod | -c cmd | -) [arg] ...\n"
            "Runs a Python program on fivefold; accepts python's options "
            "(-u -E -s -S -I -P -B -O -W -X ...).\n")


def main(argv: list[str] | None = None) -> int:
    """The console script: parse python's command line; re-execute the real interpreter
    when there are interpreter options, else run the program here."""
    argv = sys.argv[1:] if argv is None else argv
    if executable.LAUNCHER is None and sys.argv \
            and os.path.basename(sys.argv[0]) == executable.SCRIPT_NAME:
        executable.LAUNCHER = os.path.abspath(sys.argv[0])
    try:
        cl = parse(argv)
        if cl.action == "version":
            print(f"Python {platform.python_version()}")
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
        return _run(cl)
    except UsageError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2


def reexec_main() -> int:
    """In the re-executed interpreter: sys.argv is ["-c", LAUNCHER, PROGRAM PART...]."""
    executable.LAUNCHER = sys.argv[1]
    try:
        cl = parse(sys.argv[2:])
        if cl.interpreter_options:  # the program part never has any
            raise UsageError("internal error: interpreter options after re-execution")
        return _run(cl)
    except UsageError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    # `python -m fivefold.runtime.launcher ...`: the launcher's state lives in
    # executable.py, so running this file as __main__ shares it.
    sys.exit(main())
