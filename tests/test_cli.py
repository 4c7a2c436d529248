"""The `fivefold` command line: cli.COMMANDS (what `fivefold --help` lists without
importing any command's module) agrees with what the modules register."""

from __future__ import annotations

import argparse

from fivefold import cli


def test_commands_table_matches_the_registered_commands():
    parser = cli.build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    registered = {choice.dest: choice.help for choice in action._choices_actions}
    assert list(registered) == list(cli.COMMANDS)
    for name, (module, help_line) in cli.COMMANDS.items():
        assert module in cli.COMMAND_MODULES
        assert registered[name] == help_line, name


def test_help_lists_every_command(capsys):
    try:
        cli.main(["--help"])
    except SystemExit as e:
        assert e.code == 0
    out = capsys.readouterr().out
    assert all(name in out for name in cli.COMMANDS)


def test_version(capsys):
    from fivefold import __version__

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"fivefold {__version__}\n"


def test_a_command_without_its_extra_says_which_extra(tmp_path):
    """`pip install fivefold` alone brings no pyperf, pandas or matplotlib: a command
    that needs them names the extra in one line (exit 2), no traceback."""
    import re
    import subprocess
    import sys

    store = tmp_path / "store"
    for argv, blocked, extra in (
            (["bench", "--engines", "cpython", "--suite", "fivefold", "--benchmarks", "loops",
              "--fast", "--results", str(store)], ["pyperf", "pyperformance"], "bench"),
            (["results", "--results", str(store)], ["pandas", "numpy"], "bench"),
            (["report"], ["matplotlib", "pandas", "numpy"], "report"),
            (["contract", "evaluate"], ["matplotlib", "pandas", "numpy"], "report")):
        code = (f"import sys\nfor name in {blocked!r}: sys.modules[name] = None\n"
                "from fivefold.cli import main\n"
                f"sys.exit(main({argv!r}))")
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                cwd=tmp_path, timeout=120)
        assert result.returncode == 2, (argv, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and re.fullmatch(
            rf"fivefold {argv[0]}: needs the '{extra}' extra \(({'|'.join(blocked)}) is not "
            rf"installed\): pip install 'fivefold\[{extra}\]'", lines[0]), (argv, lines)


def test_every_command_module_but_the_engines_names_its_extra():
    assert set(cli.EXTRA_OF_MODULE) == set(cli.COMMAND_MODULES) - {"fivefold.runtime.engine_commands"}


def test_extra_packages_are_what_pyproject_lists():
    """cli.EXTRA_PACKAGES (a missing one is a missing extra) names exactly the packages
    of the bench and report extras: a dependency added there is added here too."""
    import re
    import tomllib
    from pathlib import Path

    extras = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())[
        "project"]["optional-dependencies"]
    names = {re.match(r"[A-Za-z0-9_.-]+", req).group(0).lower()
             for extra in ("bench", "report") for req in extras[extra]}
    assert cli.EXTRA_PACKAGES == names - {"fivefold"}
