"""s2.cheap_c_calls: the C calls of stage 1's CALL members count their
recursion level and check their result inline, and list.append on a list with
room stores the item in place.

Nothing a program sees may change: the corpus program runs under CPython, at
stage 2, at stage 2 with the change off and at stage 1, and all must print the
same -- results, the errors of builtins given bad arguments or objects whose
methods raise, the reference counts list.append leaves (with room and across
resizes, bound and unbound), and the depth at which a recursion through a
METH_O builtin (repr) meets RecursionError under three limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from differential import compare, run_cpython, run_fivefold
from members import counts_instructions, instructions_on_and_off, members

PROGRAM = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop" / "c_calls.py"


@pytest.mark.parametrize("stage,without", [(2, None), (2, "s2.cheap_c_calls"), (1, None)])
def test_same_as_cpython(stage, without):
    env = {"FIVEFOLD_WITHOUT": without} if without else None
    actual = run_fivefold(PROGRAM, [], stage=stage, env=env)
    diff = compare(run_cpython(PROGRAM, []), actual)
    assert diff is None, diff


LOOP = """
def work(n):
    l = []
    s = "a"
    for i in range(n):
        l.append(i)
        len(l); abs(i); isinstance(i, int); type(i); l.pop(); s.upper()
work(100000)
"""


def test_the_loop_runs_the_members():
    """The calls of LOOP are the members whose C calls this change makes
    cheaper (else the count below would measure something else)."""
    calls = members(LOOP.replace("work(100000)", "work(100)"), "work", "CALL")
    # range(n) runs once: still the generic CALL.
    assert calls[1:] == ["CALL_LIST_APPEND", "CALL_LEN", "CALL_BUILTIN_O", "CALL_ISINSTANCE", "CALL_TYPE_1",
                        "CALL_METHOD_DESCRIPTOR_FAST", "CALL_METHOD_DESCRIPTOR_NOARGS"], calls


@counts_instructions
def test_switch_fewer_instructions_per_call(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.cheap_c_calls")
    # 100,000 iterations of seven C calls: an append with room (no PyList_Append,
    # no reference count round trip of the item), METH_O and METH_NOARGS calls
    # (no exported recursion calls) and every result checked inline. Measured:
    # 422.0M against 429.7M, 77 a iteration; start-up noise is a few thousand.
    assert off - on > 100000 * 40, (on, off)
