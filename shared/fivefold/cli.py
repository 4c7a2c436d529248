"""The `fivefold` command line.

Each subsystem owns its subcommands in a module of its own that defines
``register(subparsers)``; this file only lists those modules, so the engine,
the harness and the model can grow their commands without touching each other.
A bad command line gets argparse's one-line message and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Modules that add subcommands, in the order `fivefold --help` lists them.
COMMAND_MODULES: list[str] = [
    "fivefold.runtime.engine_commands",
    "fivefold.harness.bench_commands",
    "fivefold.model.contract_commands",
    "fivefold.reports.report_commands",
]


# Commands that start a user's program: for them only their own module is imported, so
# that the program does not start with the model's and reports' libraries (pandas,
# matplotlib: a second of startup and hundreds of modules in sys.modules) loaded.
PROGRAM_COMMANDS: dict[str, str] = {"run": "fivefold.runtime.engine_commands",
                                     "dis": "fivefold.runtime.engine_commands"}


def build_parser(modules: list[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivefold",
        description="A tiered VM for Python inside CPython 3.11, its benchmark harness and funding model.",
    )
    from fivefold import __version__

    parser.add_argument("--version", action="version", version=f"fivefold {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES if modules is None else modules:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    only = PROGRAM_COMMANDS.get(argv[0]) if argv else None
    parser = build_parser([only] if only else None)
    args = parser.parse_args(argv)
    # Every subcommand sets `func` with set_defaults(func=...); it returns an exit status.
    status = args.func(args)
    return 0 if status is None else int(status)


if __name__ == "__main__":
    sys.exit(main())
