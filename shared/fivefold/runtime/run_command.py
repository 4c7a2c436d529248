"""The command line of `fivefold run` and `fivefold-python`: python's, parsed by hand.

    fivefold run [--stats] [--accelerate PATTERN | --accelerate-all]
                 [--no-accelerate PATTERN] [PYTHON OPTIONS]
                 (PROGRAM | -m MODULE | -c CODE | - | nothing: standard input) [ARGS]

python's rules (3.11, Modules/main.c and Python/getopt.c): options until the
program; -c and -m take the rest of the line; `-` or no program at all reads
the program from standard input. `fivefold run` also takes its own long
options, --stats, --accelerate, --accelerate-all and --no-accelerate, before
the program.

Written out rather than built with argparse because it is on the path of every
program's start: argparse (with gettext, re and the rest it imports) would cost
more than the whole of `python -c pass`.
"""

import sys

# Options without an argument that the real interpreter applies (re-executed with them).
FLAG_OPTIONS = frozenset("bBdEIOPqsSuv")
# Options with an argument (in the same word or the next one).
ARG_OPTIONS = frozenset("WX")
UNSUPPORTED = {"i": "interactive mode (-i)", "x": "-x (skip the first line)"}


class UsageError(Exception):
    pass


class SettingError(UsageError):
    """A bad FIVEFOLD_STAGE, FIVEFOLD_WITHOUT or FIVEFOLD_WITH: printed as its one line,
    "fivefold: ...", with exit status 2 (no usage: the command line was fine)."""


class CommandLine:
    """A python command line, split into interpreter options and the program part.

    mode: "script" (also a directory or zip with __main__.py), "module", "command",
    "stdin" (`-`) or "stdin-implicit" (no program: sys.argv[0] is "", as python's);
    action: "" to run, "version" or "help" to print and exit."""

    __slots__ = ("interpreter_options", "mode", "target", "args", "action", "stats",
                 "accelerate", "no_accelerate")

    def __init__(self, interpreter_options: list[str] | None = None, mode: str = "stdin-implicit",
                 target: str = "", args: list[str] | None = None, action: str = "",
                 stats: bool = False, accelerate: list[str] | None = None,
                 no_accelerate: list[str] | None = None):
        self.interpreter_options = list(interpreter_options or [])
        self.mode = mode
        self.target = target
        self.args = list(args or [])
        self.action = action
        self.stats = stats
        self.accelerate = list(accelerate or [])
        self.no_accelerate = list(no_accelerate or [])

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self):
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"CommandLine({inner})"

    def program_part(self) -> list[str]:
        """The command line without the interpreter options (what a re-executed
        interpreter parses again): fivefold's own options, then the program."""
        own = ["--stats"] if self.stats else []
        for pattern in self.accelerate:
            own += ["--accelerate", pattern]
        for pattern in self.no_accelerate:
            own += ["--no-accelerate", pattern]
        if self.mode == "script":
            return [*own, "--", self.target, *self.args]
        if self.mode == "module":
            return [*own, "-m", self.target, *self.args]
        if self.mode == "command":
            return [*own, "-c", self.target, *self.args]
        if self.mode == "stdin":
            return [*own, "-", *self.args]
        return own


def _fivefold_option(cl: CommandLine, word: str, argv: list[str], i: int) -> int:
    """`--stats`, `--accelerate-all`, `--accelerate PATTERN` or `--no-accelerate
    PATTERN` (also `--OPTION=PATTERN`); returns the next index."""
    if word == "--stats":
        cl.stats = True
        return i
    if word == "--accelerate-all":
        cl.accelerate.append("*")
        return i
    name, eq, value = word.partition("=")
    target = cl.accelerate if name == "--accelerate" else cl.no_accelerate
    if eq:
        target.append(value)
        return i
    if i >= len(argv):
        raise UsageError(f"argument {name}: expected a module pattern")
    target.append(argv[i])
    return i + 1


FIVEFOLD_OPTIONS = ("--stats", "--accelerate", "--accelerate-all", "--no-accelerate")


def _long_option(cl: CommandLine, word: str, argv: list[str], i: int, fivefold: bool) -> int:
    if word == "--version":
        cl.action = "version"
        return len(argv)
    if word in ("--help", "--help-env", "--help-xoptions", "--help-all"):
        cl.action = "help"
        return len(argv)
    if word == "--check-hash-based-pycs":
        if i >= len(argv):
            raise UsageError("option --check-hash-based-pycs needs an argument")
        cl.interpreter_options += [word, argv[i]]
        return i + 1
    if fivefold and (word in FIVEFOLD_OPTIONS or word.startswith(("--accelerate=",
                                                                      "--no-accelerate="))):
        return _fivefold_option(cl, word, argv, i)
    raise UsageError(f"unknown option {word}")


def parse(argv: list[str], fivefold: bool = False) -> CommandLine:
    """Parse python's command line; `fivefold` also accepts `fivefold run`'s options."""
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
            i = _long_option(cl, word, argv, i, fivefold)
            if cl.action:
                return cl
            continue
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
            if letter in ARG_OPTIONS:
                if j < len(word):
                    value = word[j:]
                elif i < len(argv):
                    value = argv[i]
                    i += 1
                else:
                    raise UsageError(f"option -{letter} needs an argument")
                cl.interpreter_options += [f"-{letter}", value]
                break
            if letter in FLAG_OPTIONS:
                cl.interpreter_options.append(f"-{letter}")
                continue
            if letter == "V":
                cl.action = "version"
                return cl
            if letter in ("h", "?"):
                cl.action = "help"
                return cl
            if letter in UNSUPPORTED:
                raise UsageError(f"{UNSUPPORTED[letter]} is not supported")
            raise UsageError(f"unknown option -{letter}")
    if i < len(argv):
        cl.mode, cl.target, cl.args = "script", argv[i], argv[i + 1:]
    return cl


def run(cl: CommandLine) -> int:
    """Run the program of a parsed command line in this process (no interpreter options
    left to apply). A bad FIVEFOLD_STAGE/WITHOUT/WITH is a UsageError."""
    engine_ready()
    from fivefold.runtime import run_modes

    if cl.no_accelerate:
        # Read by the import hook (import_hook.install_for_program), as child processes
        # on fivefold read it too.
        import os

        names = [p for p in os.environ.get("FIVEFOLD_NO_ACCELERATE", "").split(",") if p]
        os.environ["FIVEFOLD_NO_ACCELERATE"] = ",".join(
            names + [p for p in cl.no_accelerate if p not in names])

    options = (cl.stats, cl.accelerate)
    if cl.mode == "script":
        return run_modes.run_path(cl.target, list(cl.args), *options)
    if cl.mode == "module":
        return run_modes.run_module(cl.target, list(cl.args), *options)
    if cl.mode == "command":
        return run_modes.run_command(cl.target, list(cl.args), *options)
    if sys.stdin is None or sys.stdin.isatty():
        raise UsageError("interactive mode is not supported: give a program, -m, -c or -")
    argv0 = "-" if cl.mode == "stdin" else ""
    return run_modes.run_stdin(list(cl.args), *options, argv0=argv0)


def engine_ready() -> None:
    """Import the engine before anything runs, so that a bad FIVEFOLD_STAGE, WITHOUT or
    WITH is one line and status 2, not a traceback from wherever it was first needed."""
    try:
        from fivefold import _fivefold  # noqa: F401
    except ImportError as e:
        # The registry's refusals read "fivefold: FIVEFOLD_STAGE must be ..." (module.c);
        # any other ImportError (a broken build) keeps its traceback.
        if str(e).startswith("fivefold: "):
            raise SettingError(str(e)) from None
        raise


RUN_USAGE = ("usage: fivefold run [--stats] [--accelerate PATTERN | --accelerate-all] "
             "[--no-accelerate PATTERN] [PYTHON OPTIONS] "
             "(PROGRAM.py | DIR | ZIP | -m MODULE | -c CODE | -) [ARGS]\n")

RUN_HELP = RUN_USAGE + """
Compile the program with fivefold's compiler and run it on fivefold's VM, as
`python` would run it. Modules imported from the program's directory are compiled
by fivefold too (cached in __pycache__); the standard library and site-packages
run on CPython unless --accelerate names them. With no program (or -) the program
is read from standard input.

fivefold's options:
  --stats               after the run, print code units compiled and fallbacks (to stderr),
                        and with --accelerate which modules ran on fivefold or on CPython
                        and why
  --accelerate PATTERN  also compile modules whose name matches PATTERN (fnmatch; a plain
                        name includes its submodules); repeatable; also read from
                        FIVEFOLD_ACCELERATE (comma-separated)
  --accelerate-all      compile every module the program imports, standard library and
                        site-packages included (same as --accelerate '*'); fivefold
                        itself, the import system, codecs/encodings and the modules the
                        compiler uses stay on CPython (--stats lists them with the reason)
  --no-accelerate PATTERN
                        keep the modules PATTERN matches on CPython; repeatable; also
                        read from FIVEFOLD_NO_ACCELERATE

python's options, applied as python applies them (docs/real-programs.md):
  -B -E -I -O -OO -P -s -S -u -b -d -q -v, -W ARG, -X OPT, --check-hash-based-pycs MODE
"""
