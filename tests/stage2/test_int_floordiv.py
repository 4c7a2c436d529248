"""s2.int_floordiv: BINARY_OP // and % (and //=, %=) on two exact ints.

The member joins stage 1's BINARY_OP family through the seam. Results and
exceptions are CPython's, with the switch on and off, over a grid of signs and
edges: 0, +-1, the small-int bounds -5/256/257, +-(2**30 - 1) (one digit),
+-2**30 and wider (two digits: int's own slot), a zero divisor for both
operators and their in-place forms (int's slot raises CPython's
ZeroDivisionError), bools and int subclasses at a site specialized for ints,
ints mixed with floats. Small results are CPython's singletons. The member is
written while on and not while off; its results come from s2.int_freelist's
list (read through ctypes) while both are on. No leak: allocated blocks and a
small int's reference count are stable over many rounds.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold
from members import members

OFF = {"FIVEFOLD_WITHOUT": "s2.int_floordiv"}

PROGRAM = """
    import sys

    def ops(a, b):
        out = []
        for f in (lambda: a // b, lambda: a % b):
            try:
                r = f()
                out.append((r, type(r).__name__))
            except ZeroDivisionError as e:
                out.append(("ZeroDivisionError", str(e)))
        return out

    def direct(a, b):
        # The operators at sites of their own (the lambdas above share two).
        try:
            q = a // b
        except ZeroDivisionError as e:
            q = str(e)
        try:
            r = a % b
        except ZeroDivisionError as e:
            r = str(e)
        return q, r

    def inplace(a, b):
        x = a
        try:
            x //= b
        except ZeroDivisionError as e:
            x = "ZeroDivisionError: " + str(e)
        y = a
        try:
            y %= b
        except ZeroDivisionError as e:
            y = "ZeroDivisionError: " + str(e)
        return x, y

    values = [0, 1, -1, 2, -2, 3, -3, 5, -5, 6, -6, 7, -7, 10, -10, 255, 256, 257, -256, -257,
              1000, -1000, 2**15 + 1, 2**30 - 1, -(2**30 - 1), 2**30 - 2, 2**30, -(2**30),
              2**30 + 1, -(2**30) - 1, 2**31, 2**62, -(2**62), 2**64 + 3]
    for _ in range(3):
        for a in values:
            for b in values:
                print(a, b, ops(a, b), direct(a, b), inplace(a, b))

    # Python's floor semantics for every sign combination.
    print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, -7 // -2, -7 % -2, 7 // 2, 7 % 2)
    print(direct(-7, 2), direct(7, -2), direct(-7, -2), direct(7, 2), direct(-(2**30 - 1), -1))

    # Small-int identity: a computed result in [-5, 256] is the singleton that
    # int() of its digits gives, as in CPython.
    def identities(lo, hi):
        out = []
        for v in range(lo, hi):
            q = (v * 3) // 3
            r = (v + 100000) % 100000 if v >= 0 else v
            one = v // 1
            out.append((q is int(str(v)), r is int(str(v)), one is int(str(v))))
        return out
    for _ in range(3):
        print(identities(-12, 270))
    seven, two = 7, 2
    print((seven // two) is int("3"), (seven % 4) is int("3"), (-seven // two) is int("-4"))

    # Bools and int subclasses at a site that specialized for ints.
    class MyInt(int):
        def __floordiv__(self, other):
            return "MyInt.__floordiv__"
        def __rmod__(self, other):
            return "MyInt.__rmod__"
    class Plain(int):
        pass
    for pair in [(7, 2), (True, True), (True, 2), (7, True), (MyInt(7), 2), (7, MyInt(2)),
                 (Plain(7), 2), (7, Plain(-2)), (Plain(-7), Plain(2)), (7, 2)]:
        a, b = pair
        print(direct(a, b), inplace(a, b), type(a // b).__name__)
    for pair in [(True, False), (7, False), (False, False), (Plain(0), Plain(0)), (7, Plain(0))]:
        print(direct(*pair), inplace(*pair))

    # Ints mixed with floats, and floats, at the same sites.
    for pair in [(7, 2.0), (7.5, 2), (-7, 2.5), (-7.5, -2), (1, 0.0), (1.0, 0), (0.0, 0), (7, 2)]:
        print(direct(*pair), inplace(*pair))
    try:
        print(direct("a", 2))
    except TypeError as e:
        print("TypeError", e)
    def fmt(a, b):
        return a % b
    print([fmt(a, b) for a, b in [(7, 3)] * 40 + [("%d-%s", (1, "x")), (b"%d", 5), (-7, 3)]])

    # No leak: after many rounds the blocks allocated grow by the same step
    # each round, and a small int's count is back where it was.
    def churn(n):
        x = 0
        y = 0
        for i in range(n):
            x = (i * 1000 + 7) // 3
            y = (x + 1000) % 997
            x = -x // 7
            y %= 13
            x //= 2
        return x, y
    churn(10000)
    samples = [None] * 150
    count = sys.getrefcount(7)
    for k in range(150):
        churn(200)
        samples[k] = sys.getallocatedblocks()
    steps = [samples[k + 1] - samples[k] for k in range(130, 149)]
    print(len(set(steps)) == 1, steps[0], sys.getrefcount(7) - count)
"""


@pytest.mark.parametrize("env", [None, OFF, {"FIVEFOLD_WITHOUT": "s2.int_freelist"}],
                         ids=["on", "off", "on-without-int_freelist"])
def test_same_as_cpython(tmp_path, env):
    path = tmp_path / "floordiv.py"
    path.write_text(textwrap.dedent(PROGRAM))
    expected = run_cpython(path, [])
    assert expected.exit_code == 0, expected.stderr
    diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


WARM = """
    def f(a, b):
        x = a
        x //= b
        y = a
        y %= b
        return a // b, a % b, x, y
    for i in range(50):
        f(i * 1000, 7)
"""


def test_switch_the_member_is_written():
    assert members(WARM, "f", "BINARY_OP") == ["BINARY_OP_INT_FLOORDIV"] * 4
    assert members(WARM, "f", "BINARY_OP", OFF) == ["BINARY_OP"] * 4
    assert members(WARM, "f", "BINARY_OP", {"FIVEFOLD_STAGE": "1"}) == ["BINARY_OP"] * 4


def test_bools_subclasses_and_floats_stay_generic():
    source = """
        class Plain(int):
            pass
        def f(a, b):
            return a // b
        for i in range(50):
            f(True, True)
        def g(a, b):
            return a % b
        for i in range(50):
            g(Plain(7), Plain(2))
        def h(a, b):
            return a // b
        for i in range(50):
            h(7.0, 2.0)
    """
    assert members(source, "f", "BINARY_OP") == ["BINARY_OP"]
    assert members(source, "g", "BINARY_OP") == ["BINARY_OP"]
    assert members(source, "h", "BINARY_OP") == ["BINARY_OP"]


LIST = """
    import ctypes
    import fivefold._fivefold as engine
    lib = ctypes.PyDLL(engine.__file__)   # called with the GIL held
    length = lib.ff_int_freelist_length

    def made(base):
        a = base + 1
        b = base + 2
        c = base + 3
        a = b = c = 0          # three one-digit ints dropped: onto s2.int_freelist's list
        before = length()
        q = base // 1          # one-digit results of the member: taken from the list
        r = base % 1000000
        s = base // -3
        return before - length()

    for _ in range(100):
        n = made(100000)
    print("taken", n)
"""


def test_switch_results_come_from_the_int_freelist(tmp_path):
    path = tmp_path / "list.py"
    path.write_text(textwrap.dedent(LIST))
    on = run_fivefold(path, [], stage=2)
    off = run_fivefold(path, [], stage=2, env=OFF)
    assert (on.exit_code, on.stdout) == (0, "taken 3\n"), on.stderr
    # Off, the generic BINARY_OP makes them with CPython's allocator.
    assert (off.exit_code, off.stdout) == (0, "taken 0\n"), off.stderr
