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
