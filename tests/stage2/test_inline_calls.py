"""s2.inline_calls: calls of fivefold functions run in the caller's loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same. One program shows the switch: under a
raised recursion limit, 100,000 nested calls need no C stack when frames are
pushed in the loop (as in CPython 3.11), and exhaust it when every call
re-enters the evaluator."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import compare, run_cpython, run_fivefold
from members import assert_deep_recursion_needs_no_c_stack

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"
# s2.call_exact_args requires this change (and would switch it back on).
OFF = "s2.inline_calls,s2.call_exact_args"

# The corpus programs of calls_in_loop/ (they also run at every stage with the
# corpus), and one that needs the change on.
PROGRAMS = {
    "argument_shapes": (CORPUS / "argument_shapes.py").read_text(),
    "frames_and_tracebacks": (CORPUS / "frames_and_tracebacks.py").read_text(),
    "recursion": (CORPUS / "recursion_depths.py").read_text(),
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        def down(n): return 0 if n == 0 else 1 + down(n - 1)
        print(down(100000))
    """,
}


def _run(tmp_path, name, **env):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    return run_fivefold(path, [], stage=2, env=env or None), path


@pytest.mark.parametrize("name", [n for n in PROGRAMS if n != "deep_under_raised_limit"])
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    env = {"FIVEFOLD_WITHOUT": OFF} if setting == "off" else {}
    actual, path = _run(tmp_path, name, **env)
    diff = compare(run_cpython(path, []), actual)
    assert diff is None, diff


def test_switch_deep_recursion_needs_no_c_stack(tmp_path):
    assert_deep_recursion_needs_no_c_stack(tmp_path, PROGRAMS["deep_under_raised_limit"], OFF)
