"""s2.int_bitwise: BINARY_OP &, |, ^, <<, >> on two exact ints.

The member joins stage 1's BINARY_OP family through the seam. Results and
exceptions are CPython's at the edges: zero, 2**30 - 1 and 2**30 (one digit and
two), negative ints, shifts by 0, 30, 32, 33 and more, negative shift counts,
bools and int subclasses at a site specialized for ints.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import members

PROGRAM = """
    def ops(a, b):
        return (a & b, a | b, a ^ b, a >> b if b >= 0 else None, a << b if 0 <= b < 200 else None)

    def inplace(a, b):
        x = a; x &= b
        y = a; y |= b
        z = a; z ^= b
        r = a
        if b >= 0:
            r >>= b
        l = a
        if 0 <= b < 200:
            l <<= b
        return x, y, z, r, l

    values = [0, 1, 2, 5, 29, 30, 31, 32, 33, 63, 64, 255, 256, 2**30 - 1, 2**30, 2**31 + 7,
              2**62, 2**64 + 3, -1, -2, -(2**30), -(2**30) + 1, -(2**40)]
    for _ in range(3):
        for a in values:
            for b in values:
                print(a, b, ops(a, b), inplace(a, b))

    # Identity of small results, as CPython's cache of small ints gives.
    print((7 & 3) is 3, (1 << 3) is 8)

    # Errors: a negative shift count, a shift too far to represent.
    for a, b in [(1, -1), (0, -5), (2**40, -1)]:
        for f in (lambda: a << b, lambda: a >> b):
            try:
                f()
            except ValueError as e:
                print("ValueError", e)
    try:
        1 << 2**70
    except OverflowError as e:
        print("OverflowError", e)
    print(0 << 2**70, 1 >> 2**70, -1 >> 2**70)

    # Bools and int subclasses at a site that specialized for ints.
    class MyInt(int):
        def __and__(self, other):
            return "MyInt.__and__"
        def __rlshift__(self, other):
            return "MyInt.__rlshift__"
    for pair in [(6, 3), (True, True), (True, 3), (MyInt(6), 3), (3, MyInt(6)), (6, 3)]:
        a, b = pair
        print(a & b, a | b, a ^ b, a << b, type(a & b).__name__)
    try:
        print(1.5 & 1)
    except TypeError as e:
        print("TypeError", e)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "bitwise.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.int_bitwise", setting)


WARM = """
    def mix(a, b):
        return (a >> 3) & b
    for i in range(50):
        mix(i * 1000, 255)
"""


def test_switch_the_member_is_written():
    assert members(WARM, "mix", "BINARY_OP") == ["BINARY_OP_INT_BITWISE"] * 2
    assert members(WARM, "mix", "BINARY_OP", {"FIVEFOLD_WITHOUT": "s2.int_bitwise"}) == ["BINARY_OP"] * 2
    assert members(WARM, "mix", "BINARY_OP", {"FIVEFOLD_STAGE": "1"}) == ["BINARY_OP"] * 2


def test_other_operators_and_types_stay_with_stage_1():
    source = """
        def f(a, b):
            return (a + b, a ** b, a & b)  # % is s2.int_floordiv's; ** no member's
        for i in range(50):
            f(1.5, 2.5) if i % 2 == 0 and False else f(i + 1, 7)
        def g(a, b):
            return a & b
        for i in range(50):
            g(True, False)
    """
    assert members(source, "f", "BINARY_OP") == ["BINARY_OP_ADD_INT", "BINARY_OP", "BINARY_OP_INT_BITWISE"]
    assert members(source, "g", "BINARY_OP") == ["BINARY_OP"]
