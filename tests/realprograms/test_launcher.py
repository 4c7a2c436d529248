"""fivefold-python behaves like a Python executable: python's command line, interpreter
options applied by re-executing the real interpreter, sys.executable pointing at the
launcher so child processes stay on fivefold; bad command lines exit with status 2."""

from __future__ import annotations

import json
import sys

import pytest

from realprograms_support import cpython, run, write_tree
from fivefold.runtime.launcher import CommandLine, UsageError, parse

# Under qemu-user the arm64 venv's console scripts are host-side wrappers (docs/aarch64.md),
# so the launcher's path as a child sees it is not the one the test expects; the launcher
# itself is exercised under emulation through the fivefold-aarch64 harness engine.
_EMULATED_LAUNCHER = pytest.mark.host_only

PROBE = """
    import json, sys, subprocess
    def f(): pass
    child = subprocess.run([sys.executable, "-c",
                            "def g(): pass\\nprint(g.__code__.co_flags >> 29 & 1)"],
                           capture_output=True, text=True).stdout.strip()
    print(json.dumps({"argv": sys.argv, "executable": sys.executable, "name": __name__,
                      "on_fivefold": f.__code__.co_flags >> 29 & 1, "child_on_fivefold": child,
                      "flags": [sys.flags.optimize, sys.flags.dont_write_bytecode,
                                sys.flags.ignore_environment, sys.flags.no_user_site,
                                sys.flags.isolated, sys.flags.no_site, sys.flags.dev_mode],
                      "warnoptions": sys.warnoptions, "path0": sys.path[0] if sys.path else None}))
"""


@pytest.mark.parametrize("argv,expected", [
    (["prog.py", "-u", "x"], CommandLine([], "script", "prog.py", ["-u", "x"])),
    (["-u", "-B", "prog.py"], CommandLine(["-u", "-B"], "script", "prog.py", [])),
    (["-uBO", "-c", "pass", "-x"], CommandLine(["-u", "-B", "-O"], "command", "pass", ["-x"])),
    (["-X", "dev", "-Wignore", "-m", "mod", "a"],
     CommandLine(["-X", "dev", "-W", "ignore"], "module", "mod", ["a"])),
    (["-mmod"], CommandLine([], "module", "mod", [])),
    (["-cprint(1)", "a"], CommandLine([], "command", "print(1)", ["a"])),
    (["-E", "-", "a"], CommandLine(["-E"], "stdin", "", ["a"])),
    (["-I", "-s", "-S", "--", "prog.py"], CommandLine(["-I", "-s", "-S"], "script", "prog.py", [])),
    (["--check-hash-based-pycs", "never", "p.py"],
     CommandLine(["--check-hash-based-pycs", "never"], "script", "p.py", [])),
])
def test_parse_python_command_line(argv, expected):
    assert parse(argv) == expected


@pytest.mark.parametrize("argv", [["-i", "p.py"], ["-x", "p.py"], ["-c"], ["-m"], ["-X"],
                                  ["-Z"], ["--bogus"]])
def test_parse_rejects(argv):
    with pytest.raises(UsageError):
        parse(argv)


def _probe(launcher, tmp_path, *options, args=("a", "-b")):
    write_tree(tmp_path, {"prog.py": PROBE})
    result = run([launcher, *options, "prog.py", *args], tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@_EMULATED_LAUNCHER
def test_script_runs_on_fivefold_and_children_too(launcher, tmp_path):
    report = _probe(launcher, tmp_path)
    assert report["argv"] == ["prog.py", "a", "-b"]
    assert report["executable"] == str(launcher)
    assert report["on_fivefold"] == 1 and report["child_on_fivefold"] == "1"
    assert report["path0"] == str(tmp_path)
    assert report["flags"] == [0, 0, 0, 0, 0, 0, False]


@_EMULATED_LAUNCHER
def test_interpreter_options_are_applied(launcher, tmp_path):
    report = _probe(launcher, tmp_path, "-O", "-B", "-E", "-s", "-X", "dev",
                    "-W", "ignore::DeprecationWarning")
    assert report["flags"] == [1, 1, 1, 1, 0, 0, True]
    # -X dev adds "default" first, as in CPython.
    assert report["warnoptions"] == ["default", "ignore::DeprecationWarning"]
    assert report["on_fivefold"] == 1 and report["child_on_fivefold"] == "1"
    assert report["executable"] == str(launcher) and report["argv"] == ["prog.py", "a", "-b"]


@_EMULATED_LAUNCHER
def test_isolated_and_no_site(launcher, tmp_path):
    report = _probe(launcher, tmp_path, "-I", "-S")
    assert report["flags"][4:6] == [1, 1]
    assert report["on_fivefold"] == 1
    # -I implies -P: the script's directory is not put first on sys.path.
    assert report["path0"] != str(tmp_path)


def test_module_command_and_stdin(launcher, tmp_path):
    write_tree(tmp_path, {"mod.py": "import sys\nprint(__name__, sys.argv[1:])\n"})
    assert run([launcher, "-m", "mod", "x"], tmp_path).stdout == "__main__ ['x']\n"
    assert run([launcher, "-u", "-c", "import sys; print(sys.argv)", "y"],
               tmp_path).stdout == "['-c', 'y']\n"
    assert run([launcher, "-"], tmp_path, stdin="print(6 * 7)\n").stdout == "42\n"


def test_exit_status_and_errors_like_python(launcher, tmp_path):
    write_tree(tmp_path, {"bad.py": "raise ValueError('x')\n", "exit.py": "raise SystemExit(7)\n"})
    for name in ("bad.py", "exit.py", "missing.py"):
        ours = run([launcher, name], tmp_path)
        theirs = cpython(name, cwd=tmp_path)
        assert ours.returncode == theirs.returncode, name
    bad = run([launcher, "-i", "x.py"], tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    version = run([launcher, "-V"], tmp_path)
    assert version.stdout == f"Python {sys.version.split()[0]}\n"
