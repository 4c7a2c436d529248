"""sys.settrace, sys.setprofile, threading.settrace, pdb, cProfile/profile and
coverage.py on fivefold code, and frame.f_lineno = N (jumps): each program in
programs/ prints what it recorded (events with their function, relative line
and detail; a pdb session; profiler call counts; covered lines; each jump's
outcome and what followed) and must print the same under CPython and under
`fivefold run` at every stage."""

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
@pytest.mark.parametrize("name", ["events", "midrun", "profiling", "jumps", "jump_fuzz"])
def test_same_events(name, stage):
    path = PROGRAMS / f"{name}.py"
    expected = run_cpython(path)
    assert expected.exit_code == 0, expected.stderr
    assert expected.stdout.count("\n") > 10, "the program recorded (almost) nothing"
    actual = run_fivefold(path, env=EXPECT, stage=stage)
    report = compare(expected, actual)
    assert report is None, report


PDB_INPUT = "p x\ns\nn\np c\nr\nn\nb 12\nc\np z\nw\nq\n"


# pdb's jump: forward over a line (y stays unset: NameError from p), back
# (x + 2 runs twice), a refused one (after the code), then on.
PDB_JUMP_INPUT = "j 10\np y\nj 9\nn\np y\nj 40\nn\np z\nc\n"


def _run_with_stdin(command, stage, stdin=PDB_INPUT):
    path = PROGRAMS / "pdb_session.py"
    proc = subprocess.run(command + [path.name], cwd=path.parent, input=stdin, capture_output=True,
                          text=True, timeout=120, env=_environment(EXPECT, stage))
    return proc.stdout, proc.stderr, proc.returncode


@pytest.mark.parametrize("stage", STAGES)
def test_pdb_session(stage):
    expected = _run_with_stdin([sys.executable], None)
    assert "(Pdb)" in expected[0] and "-> return c" in expected[0], expected
    actual = _run_with_stdin([sys.executable, "-m", "fivefold", "run"], stage)
    assert actual == expected


@pytest.mark.parametrize("stage", STAGES)
def test_pdb_jump(stage):
    expected = _run_with_stdin([sys.executable], None, PDB_JUMP_INPUT)
    assert "*** Jump failed: line 40 comes after the current code block" in expected[0], expected
    actual = _run_with_stdin([sys.executable, "-m", "fivefold", "run"], stage, PDB_JUMP_INPUT)
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


OTHER_FRAME = '''
import sys
def callee():
    return 1
def caller():
    x = callee()
    y = 2
    return x + y
def tr(frame, event, arg):
    if event == "line" and frame.f_code is callee.__code__:
        back = frame.f_back
        back.f_trace = tr
        try:
            back.f_lineno = back.f_code.co_firstlineno + 3
        except ValueError as e:
            print("ValueError:", e)
    return tr
sys.settrace(tr)
r = caller()
sys.settrace(None)
print(r)
'''


@pytest.mark.parametrize("stage", STAGES)
def test_jump_other_frame_refused(tmp_path, stage):
    """A jump of a frame other than the one whose event is being traced (the
    caller, mid-call) is refused on fivefold frames: its stack lives in the
    loop, not in the frame (CPython 3.11 moves the frame and leaves its stack
    wrong)."""
    path = tmp_path / "other_frame.py"
    path.write_text(OTHER_FRAME)
    actual = run_fivefold(path, stage=stage)
    assert actual.exit_code == 0, actual.stderr
    assert "ValueError: fivefold: f_lineno can only be set on the frame whose trace event is running" \
        in actual.stdout
    assert actual.stdout.rstrip().endswith("3")


@pytest.mark.parametrize("stage", STAGES)
def test_jump_every_target(stage):
    """jump_fuzz.py with --every-target also tries the jumps CPython 3.11
    mishandles (after a yield, to a line whose first instruction is no
    one-unit push; to a generator's `def` line): fivefold refuses them with
    its own ValueError, and nothing crashes."""
    path = PROGRAMS / "jump_fuzz.py"
    actual = run_fivefold(path, ["--every-target"], env=EXPECT, stage=stage)
    assert actual.exit_code == 0, actual.stderr
    assert actual.stderr == ""
    assert "a suspended generator resumes at the unit after the jump's target" in actual.stdout
    assert "would run the generator's RETURN_GENERATOR again" in actual.stdout
