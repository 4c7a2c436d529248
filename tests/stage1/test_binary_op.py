"""s1.binary_op: BINARY_OP specialized for ints, floats and str concatenation."""

from __future__ import annotations

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def add(a, b):
    return a + b
def sub(a, b):
    return a - b
def mul(a, b):
    return a * b
def iadd(a, b):
    a += b
    return a
def div(a, b):
    return a / b
"""


@pytest.mark.parametrize("func, args, member", [
    ("add", (3, 4), "BINARY_OP_ADD_INT"),
    ("sub", (3, 4), "BINARY_OP_SUBTRACT_INT"),
    ("mul", (3, 4), "BINARY_OP_MULTIPLY_INT"),
    ("iadd", (3, 4), "BINARY_OP_ADD_INT"),
    ("add", (1.5, 2.0), "BINARY_OP_ADD_FLOAT"),
    ("sub", (1.5, 2.0), "BINARY_OP_SUBTRACT_FLOAT"),
    ("mul", (1.5, 2.0), "BINARY_OP_MULTIPLY_FLOAT"),
    ("add", ("ab", "cd"), "BINARY_OP_ADD_UNICODE"),
    ("iadd", ("ab", "cd"), "BINARY_OP_ADD_UNICODE"),
    ("div", (2**40, 3), "BINARY_OP"),      # no stage-1 member for division (stage 2's
                                           # s2.float_mixed takes one-digit ints only)
    ("mul", ("ab", 3), "BINARY_OP"),        # mixed types stay generic
])
def test_specializes_after_two_calls(func, args, member):
    f = load(SOURCE)[func]
    expected = eval(f"lambda a, b: {'a ' + {'add': '+', 'sub': '-', 'mul': '*', 'iadd': '+', 'div': '/'}[func] + ' b'}")(*args)
    for _ in range(3):
        assert f(*args) == expected
    assert family_members(f, "BINARY_OP") == [member]


@pytest.mark.parametrize("a, b", [
    (2**30 - 1, 1), (-(2**30) + 1, -1), (2**29, 2**29), (-(2**29), 2**30 - 1),
    (2**62, 2**62), (2**100, -(2**100)), (0, 0), (True, 1), (-1, 1),
])
def test_int_results_match_cpython_at_every_size(a, b):
    ns = load(SOURCE)
    for name, op in (("add", int.__add__), ("sub", int.__sub__), ("mul", int.__mul__)):
        f = ns[name]
        for _ in range(3):
            f(7, 9)                      # specialize for ints
        got = f(a, b)
        assert got == op(int(a), int(b)) and type(got) is int


def test_float_corner_cases():
    ns = load(SOURCE)
    add, mul = ns["add"], ns["mul"]
    for _ in range(3):
        add(0.5, 0.5)
        mul(0.5, 0.5)
    assert str(add(-0.0, -0.0)) == "-0.0"
    assert str(mul(float("inf"), 0.0)) == "nan"
    assert add(1e308, 1e308) == float("inf")


def test_subclasses_and_errors_deoptimize():
    ns = load(SOURCE)
    add = ns["add"]
    for _ in range(3):
        add(1, 2)
    assert family_members(add, "BINARY_OP") == ["BINARY_OP_ADD_INT"]

    class MyInt(int):
        def __add__(self, other):
            return "mine"

    assert add(MyInt(1), 2) == "mine"
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \+: 'int' and 'str'"):
        add(1, "x")
    assert add(1, 2) == 3
