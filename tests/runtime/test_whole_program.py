"""Whole programs on fivefold: --accelerate-all (every source module the program imports,
standard library and site-packages included), --no-accelerate / FIVEFOLD_NO_ACCELERATE,
modules imported before the program started accelerated in place (never a second copy:
`--accelerate re` once broke re's `is` comparisons of its constants), --stats saying which
modules ran on CPython and why, and `fivefold -m pytest`. Each program's output is
compared with plain python's."""

from __future__ import annotations

import json
import sys

import pytest
from runtime_support import commands, run

FIVEFOLD_RUN = commands()["fivefold run"]
PYTHON = [sys.executable]
ON = "lambda f: bool(f.__code__.co_flags & 0x20000000)"

PROGRAM = f"""
import json, sys, textwrap, fractions, statistics, re, collections
on = {ON}
print(json.dumps({{"a": [1, 2.5, None], "b": "x"}}, indent=1, sort_keys=True))
print(textwrap.fill("hello world " * 4, 20))
print(statistics.mean([1, 2, 3, 4]), fractions.Fraction(10, 4))
print(re.compile(r"(a)(?P<n>b)+").fullmatch("abb").groupdict())
print(collections.Counter("abracadabra").most_common(2))
flags = {{"json": on(json.dumps), "textwrap": on(textwrap.fill),
         "statistics": on(statistics.mean), "re": on(re.compile),
         "collections": on(collections.Counter.most_common),
         "fivefold": on(sys.modules["fivefold.runtime.program"].execute)
                     if "fivefold.runtime.program" in sys.modules else None}}
print("FLAGS", json.dumps(flags), file=sys.stderr)
"""


def _flags(stderr: str) -> dict:
    [line] = [line for line in stderr.splitlines() if line.startswith("FLAGS ")]
    return json.loads(line[len("FLAGS "):])


@pytest.fixture
def prog(tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM)
    return tmp_path


def test_accelerate_re_already_imported_is_not_loaded_twice(tmp_path):
    # re is imported by fivefold's command line before the program: accelerating it must
    # not make a second copy of re._constants (its opcodes are compared with `is`).
    code = ("import re, sys; print(re.compile('(a)b').match('ab').group(1)); "
            "print(re.sub(r'(x)+', r'<\\1>', 'axxb'), re.compile('[a-c]+', re.I).findall('ABcd'))"
            "; print(all(sys.modules[m] is sys.modules[m] for m in list(sys.modules)))")
    expected = run(PYTHON, ["-c", code], tmp_path, tmp_path / "cache")
    ours = run(FIVEFOLD_RUN, ["--stats", "--accelerate", "re", "-c", code], tmp_path,
               tmp_path / "cache")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == expected.stdout
    # Each re module once, accelerated in place, said by --stats.
    assert "on fivefold, re._compiler: imported before the program started" in ours.stderr
    check = ("import re, re._compiler, re._constants, re._parser; "
             "print(re._compiler.SUBPATTERN is re._parser.SUBPATTERN is re._constants.SUBPATTERN,"
             " bool(re._compiler._compile.__code__.co_flags & 0x20000000))")
    ours = run(FIVEFOLD_RUN, ["--accelerate", "re", "-c", check], tmp_path, tmp_path / "cache")
    assert ours.stdout.split() == ["True", "True"], ours.stderr


def test_accelerate_all_runs_the_standard_library_on_fivefold(prog):
    expected = run(PYTHON, ["prog.py"], prog, prog / "cache")
    for front in (["--accelerate-all"], ["--accelerate", "*"]):
        ours = run(FIVEFOLD_RUN, ["--stats", *front, "prog.py"], prog, prog / "cache")
        assert ours.returncode == 0, ours.stderr
        assert ours.stdout == expected.stdout
        flags = _flags(ours.stderr)
        assert flags["json"] and flags["textwrap"] and flags["statistics"], flags
        assert flags["fivefold"] is False  # fivefold itself never
        # collections is used by the compiler: stays on CPython under "*", with the reason
        # said. re is not (since the compiler stopped using dataclasses): on fivefold.
        assert not flags["collections"] and flags["re"], flags
        [used] = [line for line in ours.stderr.splitlines()
                  if "on CPython, used by fivefold's compiler or runtime" in line]
        assert {"ast", "collections"} <= set(used.rsplit(": ", 1)[1].split(", ")), used
        assert "on CPython, fivefold itself" in ours.stderr
        assert "on CPython, built-in module" in ours.stderr
        assert "modules on fivefold:" in ours.stderr
    default = run(FIVEFOLD_RUN, ["prog.py"], prog, prog / "cache")
    assert not any(v for v in _flags(default.stderr).values()), "default: stdlib on CPython"


def test_named_pattern_overrides_compiler_dependency_and_opt_out_wins(prog):
    ours = run(FIVEFOLD_RUN, ["--accelerate-all", "--accelerate", "collections",
                              "--no-accelerate", "textwrap", "prog.py"], prog, prog / "cache")
    assert ours.returncode == 0, ours.stderr
    flags = _flags(ours.stderr)
    assert flags["collections"] and flags["json"] and not flags["textwrap"], flags
    via_env = run(FIVEFOLD_RUN, ["--stats", "prog.py"], prog, prog / "cache",
                  FIVEFOLD_ACCELERATE="*", FIVEFOLD_NO_ACCELERATE="json,statistics")
    flags = _flags(via_env.stderr)
    assert flags["textwrap"] and not flags["json"] and not flags["statistics"], flags
    assert "opted out (--no-accelerate / FIVEFOLD_NO_ACCELERATE)" in via_env.stderr


def test_child_processes_inherit_the_mode(prog):
    (prog / "parent.py").write_text(
        "import subprocess, sys\n"
        "print(subprocess.run([sys.executable, 'prog.py'], capture_output=True, "
        "text=True).stderr.splitlines()[-1])\n")
    ours = run(FIVEFOLD_RUN, ["--accelerate-all", "--no-accelerate", "json", "parent.py"],
               prog, prog / "cache")
    assert ours.returncode == 0, ours.stderr
    flags = json.loads(ours.stdout.split("FLAGS ", 1)[1])
    assert flags["textwrap"] and not flags["json"]


def test_pytest_under_accelerate_all(tmp_path):
    (tmp_path / "test_tiny.py").write_text(f"""
import json
on = {ON}

def helper(x):
    return x * 2

def test_values():
    assert helper(21) == 42
    assert json.loads(json.dumps([1, 2])) == [1, 2]

def test_report():
    print("REPORT", on(helper), on(json.dumps))
""")
    args = ["-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "test_tiny.py"]
    expected = run(PYTHON, args, tmp_path, tmp_path / "cache")
    assert "2 passed" in expected.stdout
    ours = run(FIVEFOLD_RUN, ["--stats", "--accelerate-all", *args], tmp_path, tmp_path / "cache")
    assert "2 passed" in ours.stdout, ours.stdout + ours.stderr
    # The test module is compiled by pytest's assertion rewriter (CPython's compile()):
    # said by --stats; the libraries it calls run on fivefold.
    assert "REPORT False True" in ours.stdout
    assert ("loaded by another importer (_pytest.assertion.rewrite.AssertionRewritingHook)"
            in ours.stderr)
    assert "_pytest.python" in ours.stderr.split("compiled on import: ", 1)[1].splitlines()[0]
    # Without assertion rewriting the test module goes through the import hook.
    plain = run(FIVEFOLD_RUN, ["--accelerate-all", *args, "--assert=plain"], tmp_path,
                tmp_path / "cache")
    assert "2 passed" in plain.stdout and "REPORT True True" in plain.stdout, plain.stdout


def test_command_line_help_and_options(tmp_path):
    help_text = run(FIVEFOLD_RUN, ["--help"], tmp_path, tmp_path / "cache").stdout
    for word in ("--accelerate-all", "--no-accelerate PATTERN", "FIVEFOLD_NO_ACCELERATE"):
        assert word in help_text
    bad = run(FIVEFOLD_RUN, ["--no-accelerate"], tmp_path, tmp_path / "cache")
    assert bad.returncode == 2 and "--no-accelerate: expected a module pattern" in bad.stderr


def test_frozen_and_renamed_modules_accelerated_in_place(tmp_path):
    # os and _collections_abc are frozen and imported at start-up; _collections_abc's
    # __name__ is "collections.abc". Their objects keep their identity.
    code = (f"import os, _collections_abc as abc, collections.abc as cabc; on = {ON}; "
            "print(on(os.makedirs), on(abc.Mapping.get), abc.Mapping is cabc.Mapping, "
            "isinstance({}, abc.Mapping), os.path.join('a', 'b'), dict(a=1).get('a'))")
    expected = run(PYTHON, ["-c", code], tmp_path, tmp_path / "cache")
    assert expected.stdout.split()[:2] == ["False", "False"]
    ours = run(FIVEFOLD_RUN, ["--accelerate", "os", "--accelerate", "_collections_abc",
                              "-c", code], tmp_path, tmp_path / "cache")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.split() == ["True", "True", *expected.stdout.split()[2:]]


def test_tools_that_compile_code_themselves(tmp_path):
    (tmp_path / "small.py").write_text(
        f"on = {ON}\ndef f(n):\n    return sum(i * i for i in range(n))\nprint(f(100), on(f))\n")
    expected = run(PYTHON, ["small.py"], tmp_path, tmp_path / "cache")
    assert expected.stdout == "328350 False\n"
    # cProfile compiles the program with compile(): CPython's code, and --stats says so.
    profiled = run(FIVEFOLD_RUN, ["--stats", "--accelerate-all", "-m", "cProfile", "small.py"],
                   tmp_path, tmp_path / "cache")
    assert profiled.returncode == 0, profiled.stderr
    assert profiled.stdout.startswith("328350 False\n")
    assert "on CPython, code compiled with compile() by cProfile" in profiled.stderr
    # runpy.run_module uses the loader the import hook chose: fivefold's code.
    code = "import runpy, sys; sys.path.insert(0, '.'); runpy.run_module('small')"
    ours = run(FIVEFOLD_RUN, ["--accelerate-all", "-c", code], tmp_path, tmp_path / "cache")
    assert ours.stdout == "328350 True\n", ours.stderr


def test_copy_is_not_a_compiler_dependency_and_runs_on_fivefold(tmp_path):
    # The compiler used to be made of dataclasses, which import copy: copy.deepcopy then
    # stayed on CPython under --accelerate-all.
    deps = run(PYTHON, ["-c", "from fivefold import compiler; "
                              "from fivefold.runtime import import_hook, in_place; "
                              "print(' '.join(sorted(in_place.compiler_dependencies())))"],
               tmp_path, tmp_path / "cache")
    assert deps.returncode == 0, deps.stderr
    names = set(deps.stdout.split())
    assert "fivefold.compiler.assembler" in names and "ast" in names
    assert not names & {"copy", "dataclasses", "inspect", "typing"}, sorted(names)
    code = (f"import copy; on = {ON}; x = {{'a': [1, (2, [3])], 'b': {{4}}}}; "
            "y = copy.deepcopy(x); print(y, y == x, y['a'][1][1] is not x['a'][1][1], "
            "on(copy.deepcopy), on(copy._deepcopy_list))")
    expected = run(PYTHON, ["-c", code], tmp_path, tmp_path / "cache")
    assert expected.stdout.split()[-2:] == ["False", "False"]
    ours = run(FIVEFOLD_RUN, ["--stats", "--accelerate-all", "-c", code], tmp_path,
               tmp_path / "cache")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.split()[:-2] == expected.stdout.split()[:-2]
    assert ours.stdout.split()[-2:] == ["True", "True"], ours.stderr
    [line] = [line for line in ours.stderr.splitlines() if "on fivefold, compiled on import" in line]
    assert "copy" in line.split(": ", 1)[1].split(", ")
