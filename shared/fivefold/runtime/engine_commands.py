"""The engine's commands: `fivefold run (PROGRAM.py | -m MODULE | -c CODE | -) [ARGS]` and
`fivefold dis FILE_OR_MODULE`."""

from __future__ import annotations

import argparse
import os
import sys


def register(subparsers) -> None:
    run = subparsers.add_parser(
        "run", help="run a Python program on fivefold, like `python PROGRAM.py ARGS`",
        usage="fivefold run [--stats] [--accelerate PATTERN] "
              "(PROGRAM.py | -m MODULE | -c CODE | -) [ARGS]",
        description="Compile the program with fivefold's compiler and run it on fivefold's VM. "
                    "Modules imported from the program's directory are compiled by fivefold "
                    "too (cached in __pycache__); the standard library and site-packages run "
                    "on CPython unless --accelerate names them.")
    run.add_argument("--stats", action="store_true",
                     help="after the run, print code units compiled and fallbacks (to stderr)")
    run.add_argument("--accelerate", action="append", default=[], metavar="PATTERN",
                     help="also compile modules whose name matches PATTERN (fnmatch; a plain "
                          "name includes its submodules); repeatable")
    run.add_argument("-m", dest="module", nargs=argparse.REMAINDER, metavar="MODULE",
                     help="run a module as a script (like python -m)")
    run.add_argument("-c", dest="command", nargs=argparse.REMAINDER, metavar="CODE",
                     help="run the program given as a string (like python -c)")
    run.add_argument("args", nargs=argparse.REMAINDER, metavar="PROGRAM.py [ARGS]",
                     help="the Python file to run (- for standard input) and its arguments")
    run.set_defaults(func=_run, parser=run)

    dis = subparsers.add_parser("dis", help="show the fivefold bytecode of a Python file or module")
    dis.add_argument("file", metavar="FILE_OR_MODULE",
                     help="a Python file, or the dotted name of an importable module")
    dis.add_argument("--adaptive", action="store_true",
                     help="run the file as a program first, then show its bytecode as quickened "
                          "by that run (stage 1's specialized instructions)")
    dis.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                     help="the program's arguments (with --adaptive)")
    dis.set_defaults(func=_dis)


def _run(args) -> int:
    from fivefold.runtime import run_modes
    from fivefold.runtime.program import RunOptions, run_program

    # -m and -c take the rest of the command line: their first word is the module or
    # code, the others are the program's arguments (as `python -m MOD ARGS`).
    if args.module is not None:
        if not args.module:
            args.parser.error("argument -m: expected a module name")
        return run_modes.run_module(args.module[0], args.module[1:] + args.args, args.stats,
                                    args.accelerate)
    if args.command is not None:
        if not args.command:
            args.parser.error("argument -c: expected the program's code")
        return run_modes.run_command(args.command[0], args.command[1:] + args.args, args.stats,
                                     args.accelerate)
    if not args.args:
        args.parser.error("give a program: PROGRAM.py, -m MODULE, -c CODE or -")
    program, rest = args.args[0], args.args[1:]
    if program == "-":
        return run_modes.run_stdin(rest, args.stats, args.accelerate)
    return run_program(RunOptions(program, rest, args.stats, args.accelerate))


def _dis(args) -> int:
    from fivefold.runtime.disassembler import dis_file

    path = args.file
    if not os.path.exists(path) and _looks_like_module(path):
        path = _module_source(path)
        if path is None:
            print(f"fivefold dis: no file or Python source module named {args.file!r}",
                  file=sys.stderr)
            return 2
    try:
        return dis_file(path, sys.stdout, adaptive=args.adaptive, args=args.args)
    except OSError as e:
        print(f"fivefold dis: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except SyntaxError as e:
        sys.excepthook(type(e), e, None)
        return 1


def _looks_like_module(name: str) -> bool:
    return all(part.isidentifier() for part in name.split("."))


def _module_source(name: str) -> str | None:
    """The source file of an importable module (a package's __init__.py), or None."""
    import importlib.util

    sys.path.insert(0, os.getcwd())  # as `python -m` would search
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    finally:
        del sys.path[0]
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return spec.origin
