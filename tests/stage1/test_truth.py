"""s1.truth: conditional jumps specialized on bools, ints, None, lists/tuples and strs."""

from __future__ import annotations

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def if_(x):
    if x:
        return "yes"
    return "no"
def if_not(x):
    if not x:
        return "empty"
    return "full"
def while_(x, n):
    i = 0
    while i < n and x:
        i += 1
    return i
"""


@pytest.mark.parametrize("value, kind", [
    (True, "BOOL"), (False, "BOOL"), (0, "INT"), (7, "INT"), (2**100, "INT"), (None, "NONE"),
    ([], "LIST"), ([0], "LIST"), ((), "LIST"), ((1,), "LIST"), ("", "STR"), ("x", "STR"),
])
def test_each_kind_specializes_and_answers_like_bool(value, kind):
    ns = load(SOURCE)
    f, g = ns["if_"], ns["if_not"]
    for _ in range(3):
        assert f(value) == ("yes" if value else "no")
        assert g(value) == ("full" if value else "empty")
    assert family_members(f, "POP_JUMP_FORWARD_IF_FALSE") == [f"POP_JUMP_FORWARD_IF_FALSE_{kind}"]
    assert family_members(g, "POP_JUMP_FORWARD_IF_TRUE") == [f"POP_JUMP_FORWARD_IF_TRUE_{kind}"]


def test_objects_with_bool_and_len_deoptimize():
    ns = load(SOURCE)
    f = ns["if_"]
    for _ in range(3):
        f(1)

    class Falsy:
        def __bool__(self):
            return False

    class Sized:
        def __len__(self):
            return 0

    class Broken:
        def __bool__(self):
            raise ValueError("no truth")

    assert f(Falsy()) == "no"
    assert f(Sized()) == "no"
    assert f({}) == "no" and f({1: 2}) == "yes"
    with pytest.raises(ValueError, match="no truth"):
        f(Broken())
    assert f(0) == "no" and f(3) == "yes"


def test_backward_jumps_in_loops():
    ns = load(SOURCE)
    w = ns["while_"]
    assert w(True, 50) == 50
    assert w([1], 50) == 50
    assert w(0, 50) == 0
    assert w("s", 10) == 10
