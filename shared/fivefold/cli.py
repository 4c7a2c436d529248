"""The `fivefold` command line.

Each subsystem owns its subcommands in a module of its own that defines
``register(subparsers)``; this file lists those modules and, for `fivefold
--help`, each command's one-line help, so that a command imports only its own
module (the harness's, model's and reports' bring pyperf, pandas and matplotlib:
most of a second) and the listing imports none. `fivefold run` does not build an
argparse parser at all: its command line is python's, parsed by
runtime/run_command.py, so that a program starts about as fast as under python.
A bad command line gets one error line and exit status 2.
"""

import sys

# Modules that add subcommands, in the order `fivefold --help` lists them.
COMMAND_MODULES: list[str] = [
    "fivefold.runtime.engine_commands",
    "fivefold.harness.bench_commands",
    "fivefold.model.contract_commands",
    "fivefold.reports.report_commands",
]

# Each command, the module that registers it (one of COMMAND_MODULES) and its help line,
# in the order `fivefold --help` lists them (tests/test_cli.py checks they agree).
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("fivefold.runtime.engine_commands",
            "run a Python program on fivefold, like `python PROGRAM.py ARGS`"),
    "dis": ("fivefold.runtime.engine_commands",
            "show the fivefold bytecode of a Python file or module"),
    "venv": ("fivefold.runtime.engine_commands",
             "create a virtual environment whose python runs programs on fivefold"),
    "bench": ("fivefold.harness.bench_commands",
              "run a benchmark suite on engines, store and compare the results"),
    "results": ("fivefold.harness.bench_commands",
                "list stored results or compare engines from them"),
    "contract": ("fivefold.model.contract_commands",
                 "stage contracts: evaluate delivery and payment"),
    "report": ("fivefold.reports.report_commands",
               "write the funding report into reports/out/<date>-<commit>/"),
}

# The extra (pyproject.toml) a command's third-party imports come with: `pip install
# fivefold` alone brings what `fivefold run` and `fivefold dis` need, nothing more.
EXTRA_OF_MODULE = {
    "fivefold.harness.bench_commands": "bench",
    "fivefold.model.contract_commands": "report",
    "fivefold.reports.report_commands": "report",
}
# The import names those extras bring (a missing one of these is a missing extra;
# any other ModuleNotFoundError is a bug and keeps its traceback).
EXTRA_PACKAGES = {"pyperf", "pyperformance", "numpy", "pandas", "scipy", "rich", "tabulate",
                  "matplotlib"}

DESCRIPTION = ("A tiered VM for Python inside CPython 3.11, its benchmark harness and "
               "funding model.")


def _top_parser():
    import argparse

    parser = argparse.ArgumentParser(prog="fivefold", description=DESCRIPTION)
    from fivefold import __version__

    parser.add_argument("--version", action="version", version=f"fivefold {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    return parser, subparsers


def build_parser(modules: list[str] | None = None):
    """The full parser with the commands of `modules` (default: every one)."""
    import importlib

    parser, subparsers = _top_parser()
    for name in COMMAND_MODULES if modules is None else modules:
        importlib.import_module(name).register(subparsers)
    return parser


def listing_parser():
    """The top-level parser with every command by name and help line only: for
    `fivefold --help` and a command line with no known command."""
    parser, subparsers = _top_parser()
    for name, (_, help_line) in COMMANDS.items():
        subparsers.add_parser(name, help=help_line)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    first = argv[0] if argv else ""
    if first == "run":
        from fivefold.runtime import launcher

        return launcher.run_main(argv[1:])
    if first == "--version":
        from fivefold import __version__

        print(f"fivefold {__version__}")
        return 0
    if first not in COMMANDS:
        # --help, nothing, or an unknown command: argparse's listing or its error.
        listing_parser().parse_args(argv)
        return 2  # not reached: parse_args exits
    module = COMMANDS[first][0]
    try:
        parser = build_parser([module])
        args = parser.parse_args(argv)
        # Every subcommand sets `func` with set_defaults(func=...); it returns an exit status.
        status = args.func(args)
    except ModuleNotFoundError as error:
        missing = (error.name or "").split(".")[0]
        if missing not in EXTRA_PACKAGES or module not in EXTRA_OF_MODULE:
            raise
        extra = EXTRA_OF_MODULE[module]
        print(f"fivefold {first}: needs the '{extra}' extra ({missing} is not installed): "
              f"pip install 'fivefold[{extra}]'", file=sys.stderr)
        return 2
    return 0 if status is None else int(status)

if __name__ == "__main__":
    sys.exit(main())
