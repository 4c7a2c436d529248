"""The engine's commands: `fivefold run PROGRAM.py [ARGS]` and `fivefold dis FILE`."""

from __future__ import annotations

import argparse
import sys


def register(subparsers) -> None:
    run = subparsers.add_parser(
        "run", help="run a Python program on fivefold, like `python PROGRAM.py ARGS`",
        description="Compile PROGRAM.py with fivefold's compiler and run it on fivefold's VM.")
    run.add_argument("--stats", action="store_true",
                     help="after the run, print code units compiled and fallbacks (to stderr)")
    run.add_argument("program", help="the Python file to run")
    run.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    run.set_defaults(func=_run)

    dis = subparsers.add_parser("dis", help="show the fivefold bytecode of a Python file")
    dis.add_argument("file", help="the Python file to compile and disassemble")
    dis.set_defaults(func=_dis)


def _run(args) -> int:
    from fivefold.runner import RunOptions, run_program

    return run_program(RunOptions(args.program, list(args.args), args.stats))


def _dis(args) -> int:
    from fivefold.disassembler import dis_file

    try:
        return dis_file(args.file, sys.stdout)
    except OSError as e:
        print(f"fivefold dis: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except SyntaxError as e:
        sys.excepthook(type(e), e, None)
        return 1
