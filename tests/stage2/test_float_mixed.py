"""s2.float_mixed: float + - * / and comparisons with a one-digit exact int on
one side, and true division of such operands.

The members join stage 1's BINARY_OP and COMPARE_OP families through the seam.
Results and exceptions are CPython's at the edges: ints of one 30-bit digit and
of two (2**30 and beyond are left generic), zero divisors of both types,
-0.0, NaN and infinities, in-place forms, and subclasses of float and int
arriving at a site that specialized for exact types.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import members

PROGRAM = """
    import math

    def arith(a, b):
        out = [a + b, a - b, a * b]
        try:
            out.append(a / b)
        except ZeroDivisionError as e:
            out.append("ZeroDivisionError: " + str(e))
        return out

    def inplace(a, b):
        x = a; x += b
        y = a; y -= b
        z = a; z *= b
        w = a
        try:
            w /= b
        except ZeroDivisionError as e:
            w = "ZeroDivisionError: " + str(e)
        return x, y, z, w

    def compare(a, b):
        return (a < b, a <= b, a == b, a != b, a > b, a >= b)

    floats = [0.0, -0.0, 0.5, -2.5, 1e300, -1e-300, 2.0**30, 2.0**53 + 2, math.inf, -math.inf, math.nan]
    ints = [0, 1, -1, 7, 2**30 - 1, -(2**30 - 1), 2**30, -(2**30), 2**53 + 1, 10**400, -(10**400)]
    for _ in range(3):
        for a in floats + ints:
            for b in floats + ints:
                print(repr(a)[:40], repr(b)[:40], arith(a, b) if not (isinstance(a, int) and isinstance(b, int) and a > 10**300) else "skip",
                      inplace(a, b) if isinstance(a, float) or isinstance(b, float) else "", compare(a, b))

    # The sign of zero results, as CPython gives them.
    print(math.copysign(1, 0 * -1.0), math.copysign(1, -0.0 + 0), math.copysign(1, -0.0 - 0),
          math.copysign(1, 0 / -3.0), math.copysign(1, -0.0 * 5), math.copysign(1, 0 / -1))

    # int / int: one-digit ints, then ones that leave the fast path.
    def div(a, b):
        return a / b
    for a, b in [(1, 3), (-7, 2), (2**30 - 1, 3), (0, -5), (2**30, 3), (10**20, 7), (1, 0), (0, 0)]:
        try:
            print(a, b, repr(div(a, b)))
        except ZeroDivisionError as e:
            print("ZeroDivisionError", e)

    # Subclasses and other types at sites specialized for float and int.
    class F(float):
        def __add__(self, other):
            return "F.__add__"
        def __lt__(self, other):
            return "F.__lt__"
    class I(int):
        def __radd__(self, other):
            return "I.__radd__"
        def __gt__(self, other):
            return "I.__gt__"
    def site(a, b):
        return a + b, a < b, b > a, a / b
    for pair in [(1.5, 2)] * 5 + [(F(1.5), 2), (1.5, I(2)), (True, 2.0), (1.5, False), (1.5, 2)]:
        try:
            print(site(*pair))
        except ZeroDivisionError as e:
            print("ZeroDivisionError", e)
    try:
        site(1.5, "x")
    except TypeError as e:
        print("TypeError", e)
    print(site(1.5, 2))
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "float_mixed.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.float_mixed", setting)


WARM = """
    def scale(x, n):
        return (x * 2 + n) / 3, x < 0
    for i in range(50):
        scale(i * 0.5, i)
"""


def test_switch_the_members_are_written():
    assert members(WARM, "scale", "BINARY_OP") == ["BINARY_OP_FLOAT_MIXED"] * 3
    assert members(WARM, "scale", "COMPARE_OP") == ["COMPARE_OP_FLOAT_MIXED"]
    off = {"FIVEFOLD_WITHOUT": "s2.float_mixed"}
    assert members(WARM, "scale", "BINARY_OP", off) == ["BINARY_OP"] * 3
    assert members(WARM, "scale", "COMPARE_OP", off) == ["COMPARE_OP"]


def test_stage_1_members_and_big_ints_keep_their_way():
    source = """
        def f(a, b, c):
            return a + b, a * c, b / c, b + c
        for i in range(50):
            f(1.5, 2.5, 7)
        def g(a, b):
            return a * b, a < b
        for i in range(50):
            g(1.5, 2**40)
    """
    assert members(source, "f", "BINARY_OP") == ["BINARY_OP_ADD_FLOAT", "BINARY_OP_FLOAT_MIXED",
                                                 "BINARY_OP_FLOAT_MIXED", "BINARY_OP_FLOAT_MIXED"]
    assert members(source, "g", "BINARY_OP") == ["BINARY_OP"]
    assert members(source, "g", "COMPARE_OP") == ["COMPARE_OP"]
