"""The engine's commands: `fivefold run (PROGRAM.py | -m MODULE | -c CODE | -) [ARGS]`
(its command line is run_command.py's), `fivefold dis FILE_OR_MODULE` and
`fivefold venv DIR` (venv_command.py)."""

from __future__ import annotations

import argparse
import os
import sys

from fivefold.runtime import launcher, run_command


def register(subparsers) -> None:
    # `fivefold run` is parsed by run_command.py (python's command line, by hand: cli.main
    # sends it there without building a parser); this entry lists it in the full parser
    # and passes its words on.
    run = subparsers.add_parser(
        "run", help="run a Python program on fivefold, like `python PROGRAM.py ARGS`",
        add_help=False, usage=run_command.RUN_USAGE.partition("usage: ")[2].rstrip())
    run.add_argument("words", nargs=argparse.REMAINDER)
    run.set_defaults(func=lambda args: launcher.run_main(args.words))

    dis = subparsers.add_parser("dis", help="show the fivefold bytecode of a Python file or module")
    dis.add_argument("file", metavar="FILE_OR_MODULE",
                     help="a Python file, or the dotted name of an importable module")
    dis.add_argument("--adaptive", action="store_true",
                     help="run the file as a program first, then show its bytecode as quickened "
                          "by that run (stage 1's specialized instructions)")
    dis.add_argument("--traces", action="store_true",
                     help="run the file as a program with stage 3's recorder on (s3.record), "
                          "then show the traces of micro-ops it recorded and its counts")
    dis.add_argument("--hot-loop", type=int, metavar="N",
                     help="with --traces: back edges that make a loop hot (FIVEFOLD_HOT_LOOP, "
                          "default 64)")
    dis.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                     help="the program's arguments (with --adaptive or --traces)")
    dis.set_defaults(func=_dis)

    venv = subparsers.add_parser(
        "venv", help="create a virtual environment whose python runs programs on fivefold",
        description="Create a virtual environment (stdlib venv, with pip) whose bin/python "
                    "runs programs on fivefold; bin/python3.X stays the plain interpreter. "
                    "fivefold (and the other packages of the environment running this "
                    "command) is imported from here through a .pth file.")
    venv.add_argument("dir", metavar="DIR", help="the environment's directory")
    venv.add_argument("--without-pip", action="store_true",
                      help="do not install pip (ensurepip's bundled wheel: no network)")
    venv.add_argument("--clear", action="store_true", help="empty DIR first")
    venv.add_argument("--accelerate-all", action="store_true",
                      help="its python compiles every module with fivefold "
                           "(FIVEFOLD_ACCELERATE=* unless set)")
    venv.set_defaults(func=_venv)


def _venv(args) -> int:
    from fivefold.runtime.venv_command import create

    return create(args.dir, with_pip=not args.without_pip, clear=args.clear,
                  accelerate_all=args.accelerate_all)


def _dis(args) -> int:
    from fivefold.runtime.disassembler import dis_file

    if args.hot_loop is not None and not args.traces:
        print("fivefold dis: --hot-loop needs --traces", file=sys.stderr)
        return 2
    if args.hot_loop is not None and not 1 <= args.hot_loop <= 65535:
        print("fivefold dis: --hot-loop: expected a whole number from 1 to 65535",
              file=sys.stderr)
        return 2
    if args.traces:
        from fivefold.runtime.trace_view import select_recorder

        problem = select_recorder(args.hot_loop)
        if problem:
            print(f"fivefold dis: --traces: {problem}", file=sys.stderr)
            return 2
    path = args.file
    if not os.path.exists(path) and _looks_like_module(path):
        path = _module_source(path)
        if path is None:
            print(f"fivefold dis: no file or Python source module named {args.file!r}",
                  file=sys.stderr)
            return 2
    try:
        if args.traces:
            from fivefold.runtime.trace_view import trace_file

            return trace_file(path, sys.stdout, args=args.args)
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
