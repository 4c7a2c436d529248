"""`fivefold run` and `fivefold-python` take python's command line and mean by it what
python means: each case runs python itself and both front ends on the same
command line and compares what the program saw (flags, warnings, sys.path,
__file__, docstrings, asserts) and its exit status."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest
from runtime_support import commands, run, run_all

REPORT = '''
"""the module's docstring"""
import json, sys, warnings


def f():
    """f's docstring"""


class C:
    """C's docstring"""


try:
    assert False, "asserted"
    asserted = False
except AssertionError:
    asserted = True
debug_block = False
if __debug__:
    debug_block = True
print(json.dumps({
    "argv": sys.argv, "file": globals().get("__file__"), "name": __name__,
    "path0": sys.path[0], "doc": __doc__, "fdoc": f.__doc__, "cdoc": C.__doc__,
    "debug": __debug__, "debug_block": debug_block, "asserted": asserted,
    "optimize": sys.flags.optimize, "warnoptions": sys.warnoptions, "xoptions": sys._xoptions,
    "dev_mode": sys.flags.dev_mode, "isolated": sys.flags.isolated,
    "ignore_environment": sys.flags.ignore_environment, "no_site": sys.flags.no_site,
    "no_user_site": sys.flags.no_user_site, "safe_path": sys.flags.safe_path,
    "stdout": [type(sys.stdout.buffer).__name__, sys.stdout.write_through],
    "dont_write_bytecode": sys.dont_write_bytecode,
    "site_imported": "site" in sys.modules,
    "extra_on_path": any(p.endswith("extra_dir") for p in sys.path),
}))
'''


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "prog.py").write_text(REPORT)
    (tmp_path / "extra_dir").mkdir()
    return tmp_path


def _reports(results: dict) -> dict:
    for name, result in results.items():
        assert result.returncode == 0, f"{name}: {result.stderr}"
    return {name: json.loads(result.stdout) for name, result in results.items()}


def _all_equal(reports: dict) -> dict:
    python = reports["python"]
    for name, report in reports.items():
        assert report == python, f"{name} differs from python"
    return python


@pytest.mark.parametrize("options", [
    [], ["-O"], ["-OO"], ["-O", "-O"], ["-W", "error::DeprecationWarning"], ["-Wignore"],
    ["-X", "dev"], ["-Xutf8", "-X", "int_max_str_digits=5000"], ["-u"], ["-B"], ["-I"],
    ["-E"], ["-s"], ["-S"], ["-P"], ["-bb", "-q"], ["-OO", "-B", "-s", "-u"],
])
def test_options_mean_what_they_mean_to_python(tree, options):
    reports = _reports(run_all([*options, "prog.py", "arg"], tree, tree / "cache",
                               PYTHONPATH=str(tree / "extra_dir")))
    python = _all_equal(reports)
    assert python["argv"] == ["prog.py", "arg"]


def test_optimize_compiles_out_asserts_debug_and_docstrings(tree):
    levels = {}
    for options in ([], ["-O"], ["-OO"]):
        levels[len(options[0]) - 1 if options else 0] = _all_equal(
            _reports(run_all([*options, "prog.py"], tree, tree / "cache")))
    assert levels[0]["asserted"] and levels[0]["debug"] and levels[0]["fdoc"] == "f's docstring"
    assert not levels[1]["asserted"] and not levels[1]["debug_block"]
    assert levels[1]["doc"] == "the module's docstring"
    assert levels[2]["doc"] is levels[2]["fdoc"] is levels[2]["cdoc"] is None


def test_optimize_levels_keep_separate_caches(tmp_path):
    """A module imported from the program's directory is cached per -O level (like
    CPython's .opt-1/.opt-2 pycs): a plain run after an -O run still asserts."""
    (tmp_path / "helper.py").write_text(
        '"""helper doc"""\ndef check():\n    assert False\n    return "no assert"\n')
    (tmp_path / "prog.py").write_text(
        "import helper\ntry:\n    print(helper.check(), helper.__doc__)\n"
        "except AssertionError:\n    print('assert', helper.__doc__)\n")
    front = commands()["fivefold run"]
    outputs = [run(front, [*opts, "prog.py"], tmp_path, tmp_path / "cache").stdout
               for opts in ([], ["-O"], ["-OO"], [], ["-OO"])]
    assert outputs == ["assert helper doc\n", "no assert helper doc\n", "no assert None\n",
                       "assert helper doc\n", "no assert None\n"]
    names = sorted(p.name for p in (tmp_path / "__pycache__").glob("helper.*.fivefold.pyc"))
    # name.cpython-311[.opt-N].<engine>.fivefold.pyc
    assert sorted(n.split(".")[2] for n in names if "opt-" in n) == ["opt-1", "opt-2"]
    assert len(names) == 3


def test_dont_write_bytecode_writes_no_cache(tmp_path):
    (tmp_path / "helper.py").write_text("X = 1\n")
    (tmp_path / "prog.py").write_text("import helper\nprint(helper.X)\n")
    front = commands()["fivefold run"]
    for how in ({"args": ["-B"]}, {"env": {"PYTHONDONTWRITEBYTECODE": "1"}}):
        result = run(front, [*how.get("args", []), "prog.py"], tmp_path, tmp_path / "cache",
                     **how.get("env", {}))
        assert result.stdout == "1\n", result.stderr
        assert not (tmp_path / "__pycache__").exists()
        assert not (tmp_path / "cache").exists()
    assert run(front, ["prog.py"], tmp_path, tmp_path / "cache").stdout == "1\n"
    assert list((tmp_path / "__pycache__").glob("helper.*.fivefold.pyc"))
    assert list((tmp_path / "cache" / "fivefold" / "main").glob("*.fivefold.pyc"))


def test_program_from_standard_input(tree):
    for args in ([], ["-"], ["-", "a", "b"], ["-O", "-"]):
        reports = _reports(run_all(args, tree, tree / "cache", stdin=REPORT))
        python = _all_equal(reports)
        assert python["file"] == "<stdin>"
        assert python["argv"] == ([""] if not args else ["-", *args[args.index("-") + 1:]])


def test_directory_and_zip_with_main(tree):
    (tree / "app").mkdir()
    (tree / "app" / "__main__.py").write_text(REPORT)
    with zipfile.ZipFile(tree / "app.zip", "w") as z:
        z.writestr("__main__.py", REPORT)
    for target in ("app", "app.zip", str(tree / "app")):
        python = _all_equal(_reports(run_all([target, "x"], tree, tree / "cache")))
        assert python["argv"] == [target, "x"]
        assert python["path0"] == str(tree / Path(target).name)
        assert python["file"] == str(tree / Path(target).name / "__main__.py")
    (tree / "empty").mkdir()
    results = run_all(["empty"], tree, tree / "cache")
    for name, result in results.items():
        assert result.returncode == 1, name
        assert result.stderr.endswith(f"can't find '__main__' module in {str(tree / 'empty')!r}\n")


def test_command_and_module_with_options(tree):
    code = "import sys; print(__debug__, sys.flags.optimize, sys.argv, sys.warnoptions)"
    results = run_all(["-O", "-W", "ignore", "-c", code, "a"], tree, tree / "cache")
    assert {r.stdout for r in results.values()} == {"False 1 ['-c', 'a'] ['ignore']\n"}
    results = run_all(["-OO", "-m", "prog", "z"], tree, tree / "cache")
    python = _all_equal(_reports(results))
    assert python["doc"] is None and python["argv"] == [str(tree / "prog.py"), "z"]


def test_fivefold_options_with_python_options(tree):
    result = run(commands()["fivefold run"], ["--stats", "-O", "--accelerate", "json", "prog.py"],
                 tree, tree / "cache")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["optimize"] == 1
    assert "code units compiled" in result.stderr


@pytest.mark.parametrize("env, message", [
    ({"FIVEFOLD_STAGE": "x"}, "FIVEFOLD_STAGE must be one of"),
    ({"FIVEFOLD_STAGE": "99"}, "FIVEFOLD_STAGE must be one of"),
    ({"FIVEFOLD_WITHOUT": "s1.no_such_change"}, "unknown change id(s): s1.no_such_change"),
    ({"FIVEFOLD_WITH": "nonsense"}, "unknown change id(s): nonsense"),
])
def test_bad_settings_are_one_line_and_status_2(tree, env, message):
    for name in ("fivefold run", "fivefold-python"):
        for args in (["-c", "pass"], ["-O", "prog.py"]):
            result = run(commands()[name], args, tree, tree / "cache", **env)
            assert result.returncode == 2, (name, args, result.stderr)
            assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
            assert result.stderr.startswith("fivefold: ")


def test_a_stage_above_the_highest_built_is_refused(tree):
    from fivefold import _fivefold

    highest = max(_fivefold.built_stages())
    front = commands()["fivefold run"]
    ok = run(front, ["-c", "import fivefold._fivefold as f; print(f.stage())"], tree,
             tree / "cache", FIVEFOLD_STAGE=str(highest))
    assert ok.stdout == f"{highest}\n", ok.stderr
    refused = run(front, ["-c", "pass"], tree, tree / "cache", FIVEFOLD_STAGE=str(highest + 1))
    assert refused.returncode == 2
    assert "(the stages built into this engine)" in refused.stderr


def test_syntax_warnings_are_printed_on_every_run(tmp_path):
    """The program cache never keeps a program whose compilation warns: python warns
    on every run, and so does fivefold."""
    (tmp_path / "prog.py").write_text("x = 1\nprint(x is 1)\n")
    for _ in range(2):
        results = run_all(["prog.py"], tmp_path, tmp_path / "cache")
        assert {r.stderr.count("SyntaxWarning") for r in results.values()} == {1}
        assert {r.stdout for r in results.values()} == {"True\n"}


def test_program_cache_follows_the_source(tmp_path):
    front = commands()["fivefold run"]
    prog = tmp_path / "prog.py"
    for text, out in (("print(1)\n", "1\n"), ("print(2)\n", "2\n"), ("print(2)\n", "2\n"),
                      ("print(3) \n", "3\n"), ("print(4)\n", "4\n")):
        prog.write_text(text)
        assert run(front, ["prog.py"], tmp_path, tmp_path / "cache").stdout == out


def test_program_cache_stays_bounded(tmp_path, monkeypatch):
    from fivefold.runtime import program_cache

    folder = tmp_path / "main"
    folder.mkdir()
    for i in range(12):
        (folder / f"{i:016x}.x.fivefold.pyc").write_bytes(b"")
        os.utime(folder / f"{i:016x}.x.fivefold.pyc", ns=(i * 10**9, i * 10**9))
    monkeypatch.setattr(program_cache, "MAX_ENTRIES", 10)
    program_cache._prune(str(folder))
    left = sorted(p.name for p in folder.iterdir())
    assert len(left) == 9 and left[0].startswith(f"{3:016x}")


@pytest.mark.parametrize("name, data", [
    ("nul_first_line", b"print(1)\x00\n"),
    ("nul_mid_line", b"a = 1\nx = 1\x00 + 2\nprint(x)\n"),
    # before 3.11.4 a NUL cut its line: the next line joined it, or a comment hid it
    ("nul_joins_next_line", b"x = 1\x00\nprint(x)\n"),
    ("nul_in_comment", b"print(1)\n# \x00\nprint(2)\n"),
    ("non_utf8", b'print("ok")\nx = "\x89"\n'),
    ("non_utf8_first_line", b"\x89"),
    ("nul_before_non_utf8", b'x = 1\x00\ny = "\x89"\n'),
    ("non_utf8_after_bom", b'\xef\xbb\xbfprint(1)\nx = "\xff"\n'),
    ("non_utf8_with_cookie", b'# coding: utf-8\nx = "\xff"\n'),
    ("latin1_cookie", b'# -*- coding: latin-1 -*-\nprint("\xe9")\n'),
])
def test_undecodable_and_nul_sources_read_like_python(tmp_path, name, data):
    """python reads a main program with its file tokenizer, whose messages for a NUL
    byte and for non-UTF-8 bytes without a coding cookie differ from compile()'s."""
    (tmp_path / "prog.py").write_bytes(data)
    results = run_all(["prog.py"], tmp_path, tmp_path / "cache")
    python = results.pop("python")
    for front, result in results.items():
        assert (result.returncode, result.stdout, result.stderr) == \
            (python.returncode, python.stdout, python.stderr), front
