"""sys.settrace, sys.setprofile, threading.settrace, pdb, cProfile/profile and
coverage.py on fivefold code: each program in programs/ prints what it
recorded (events with their function, relative line and detail; a pdb session;
profiler call counts; covered lines) and must print the same under CPython and
under `fivefold run` at every stage."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from differential import _environment, compare, run_cpython, run_fivefold

PROGRAMS = Path(__file__).parent / "programs"
STAGES = [0, 1, 2]
EXPECT = {"TRACING_EXPECT_FIVEFOLD": "1"}


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("name", ["events", "midrun", "profiling"])
def test_same_events(name, stage):
    path = PROGRAMS / f"{name}.py"
    expected = run_cpython(path)
    assert expected.exit_code == 0, expected.stderr
    assert expected.stdout.count("\n") > 10, "the program recorded (almost) nothing"
    actual = run_fivefold(path, env=EXPECT, stage=stage)
    report = compare(expected, actual)
    assert report is None, report


PDB_INPUT = "p x\ns\nn\np c\nr\nn\nb 12\nc\np z\nw\nq\n"


def _run_with_stdin(command, stage):
    path = PROGRAMS / "pdb_session.py"
    proc = subprocess.run(command + [path.name], cwd=path.parent, input=PDB_INPUT, capture_output=True,
                          text=True, timeout=120, env=_environment(EXPECT, stage))
    return proc.stdout, proc.stderr, proc.returncode


@pytest.mark.parametrize("stage", STAGES)
def test_pdb_session(stage):
    expected = _run_with_stdin([sys.executable], None)
    assert "(Pdb)" in expected[0] and "-> return c" in expected[0], expected
    actual = _run_with_stdin([sys.executable, "-m", "fivefold", "run"], stage)
    assert actual == expected


@pytest.mark.parametrize("stage", STAGES)
def test_coverage(stage):
    pytest.importorskip("coverage")
    path = PROGRAMS / "coverage_run.py"
    expected = run_cpython(path)
    assert expected.exit_code == 0, expected.stderr
    assert "[1, 2, 4" in expected.stdout
    actual = run_fivefold(path, env=EXPECT, stage=stage)
    report = compare(expected, actual)
    assert report is None, report


JUMP = '''
import sys
def f():
    a = 1
    b = 2
    c = 3
    return (a, b, c)
def tr(frame, event, arg):
    if event == "line" and frame.f_code is f.__code__ and frame.f_lineno == 4:
        try:
            frame.f_lineno = 6
        except ValueError as e:
            print("ValueError:", e)
    return tr
sys.settrace(tr)
r = f()
sys.settrace(None)
print(r if 'r' in dir() else None)
'''


def test_jump_refused(tmp_path):
    """frame.f_lineno = N (pdb's jump) is refused on fivefold frames with
    CPython's ValueError (docs/engine.md, section 7); CPython jumps."""
    path = tmp_path / "jump.py"
    path.write_text(JUMP)
    actual = run_fivefold(path, stage=2)
    assert actual.exit_code == 0, actual.stderr
    assert "ValueError: can only jump from a 'line' trace event" in actual.stdout
    assert "(1, 2, 3)" in actual.stdout
