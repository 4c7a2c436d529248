"""s2.int_freelist: compact ints made from CPython's small-int table or a
bounded list of dead one-digit ints, and returned to that list where stage 2's
loop drops their last reference.

Results, types and identities are CPython's at the edges (the small-int bounds
-5/256/257, one digit and two: +-(2**30 - 1), 2**30; negatives; products into
two digits; bools, which must not come out of an int member; int subclasses,
which never go on the list: their __del__ runs where CPython's does), with the
switch on and off. The list itself is read through ctypes (the engine exports
ff_int_freelist_length and ff_int_freelist_table_known): it fills where locals
drop ints and empties where members make them while on, and stays empty while
off. No leak: allocated blocks and a small int's reference count are the same
after many rounds.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold

OFF = {"FIVEFOLD_WITHOUT": "s2.int_freelist"}

PROGRAM = """
    import sys

    def arith(a, b):
        s = a + b
        d = a - b
        p = a * b
        s += b
        d -= b
        p *= b
        return s, d, p, type(a + b).__name__, type(a * b).__name__

    values = [0, 1, -1, 2, 5, -5, -6, 6, 250, 255, 256, 257, -257, 1000, -1000,
              2**15, 2**30 - 1, -(2**30 - 1), 2**30, -(2**30), 2**30 + 1, 2**31, -(2**31),
              2**60, -(2**60), 12345, -12345]
    for _ in range(3):
        for a in values:
            for b in values:
                print(a, b, arith(a, b))

    # Small-int identity: a computed result in [-5, 256] is the singleton that
    # int() of its digits gives; outside it, a new object (as in CPython).
    def identities(lo, hi):
        out = []
        for v in range(lo, hi):
            zero = v - v
            one = zero + 1
            made = (v + zero, v - zero, v * one, v & 0xFFFF if v >= 0 else v)
            out.append(tuple(m is int(str(v)) for m in made) + ((v + 0) is int(str(v)),))
        return out
    for _ in range(3):
        print(identities(-12, 270))

    # Ranges: negative steps, bounds around one digit, the small-int table's ends.
    def ranges():
        out = []
        for r in (range(-8, 8), range(250, 262), range(10, -10, -3), range(2**30 - 3, 2**30 + 3),
                  range(-(2**30) - 3, -(2**30) + 3), range(0, 2**31, 2**29), range(5, 5)):
            total = 0
            last = None
            for i in r:
                total = total + i
                last = i
            out.append((total, last, type(last).__name__, last is int(str(last)) if last is not None else None))
        return out
    for _ in range(3):
        print(ranges())

    # Bitwise results (s2.int_bitwise's member): small and one-digit.
    def bits(a, b):
        return a & b, a | b, a ^ b, a << (b & 31), a >> (b & 31)
    for _ in range(3):
        print([bits(a, b) for a in (0, 1, 255, 256, 2**30 - 1) for b in (0, 3, 255, 2**29)])

    # len(): small results are the singletons, larger ones new ints.
    def lens(items):
        out = []
        for k in (0, 5, 256, 257, 300):
            n = len(items[:k])
            out.append((n, n is int(str(n))))
        return out
    for _ in range(40):
        r = lens(list(range(300)))
    print(r)

    # Bools never come out of an int member, and are never on the list.
    def boolish(a, b):
        x = a + b
        y = a * b
        z = a - b
        return x, y, z, type(x).__name__, type(y).__name__, type(z).__name__
    for _ in range(40):
        r = boolish(3, 4)
    print(r, boolish(True, 1), boolish(True, True), boolish(False, False), boolish(1, True))
    print(True + 1, type(True + 1).__name__, True * 1, type(True * 1).__name__, True & 1, type(True & 1).__name__)

    # An int subclass dropped by a store: its __del__ runs there, as in CPython.
    class Noisy(int):
        def __del__(self):
            print("del", int(self))
    def drops():
        x = 1000
        for i in range(3):
            x = x + 1
            x = Noisy(x)
            x = x - 1          # int's result: an exact int; the Noisy one is dropped here
            print("after", x, type(x).__name__)
        return x
    for _ in range(30):
        r = drops()
    print(r)

    # No leak: after many rounds the blocks allocated grow by the same step
    # each round (the int each sample holds), and a small int's count is back.
    # (While the change is on, the first rounds take ints from the list that
    # were allocated before them and free them at churn's return; the list is
    # at most 100 long, so the last rounds are past that.)
    def churn(n):
        x = 0
        y = 7
        for i in range(n):
            x = x + 1000
            x = x - 997
            y = i * 2 + 1
            y = y & 255
            y = x - 3 + 7 - 4
        return x, y
    churn(10000)
    samples = [None] * 150
    count = sys.getrefcount(7)
    for k in range(150):
        churn(200)
        samples[k] = sys.getallocatedblocks()
    steps = [samples[k + 1] - samples[k] for k in range(130, 149)]
    print(len(set(steps)) == 1, steps[0], sys.getrefcount(7) - count)

    # tracemalloc traces the ints made from the list too.
    import tracemalloc
    tracemalloc.start()
    print(churn(1000))
    tracemalloc.stop()
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "ints.py"
    path.write_text(textwrap.dedent(PROGRAM))
    env = OFF if setting == "off" else None
    expected = run_cpython(path, [])
    assert expected.exit_code == 0, expected.stderr
    diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


LIST = """
    import ctypes
    import fivefold._fivefold as engine
    lib = ctypes.PyDLL(engine.__file__)   # called with the GIL held
    length = lib.ff_int_freelist_length

    def grow():
        base = 1000
        a = base + 1
        b = base + 2
        c = base + 3
        d = base + 4
        e = base + 5
        before = length()
        a = b = c = d = e = 0      # five stores, each dropping a one-digit int's last reference
        dropped = length()
        f = base + 6               # five ints made by the add member
        g = base + 7
        h = base + 8
        i = base + 9
        j = base + 10
        made = length()
        return dropped - before, dropped - made

    for _ in range(100):
        r = grow()
    print("grow", r)

    def bound():
        items = list(range(1000, 1300))    # 300 one-digit ints
        x = None
        while items:
            x = items.pop()                # the store drops the previous one: the list fills to its bound
        return length()
    for _ in range(3):
        n = bound()
    print("bound", n)
    print("table", lib.ff_int_freelist_table_known())
"""


def test_switch_the_list_fills_and_empties(tmp_path):
    path = tmp_path / "list.py"
    path.write_text(textwrap.dedent(LIST))
    on = run_fivefold(path, [], stage=2)
    off = run_fivefold(path, [], stage=2, env=OFF)
    # The small-int table is where 3.11's pycore_long.h says: if this fails,
    # the change stays off on this CPython (int_freelist.c, small_ints_known).
    assert (on.exit_code, on.stdout) == (0, "grow (5, 5)\nbound 100\ntable 1\n"), on.stderr
    assert (off.exit_code, off.stdout) == (0, "grow (0, 0)\nbound 0\ntable 1\n"), off.stderr


def test_stage_1_never_fills_the_list(tmp_path):
    path = tmp_path / "list.py"
    path.write_text(textwrap.dedent(LIST))
    stage1 = run_fivefold(path, [], stage=1)
    assert (stage1.exit_code, stage1.stdout) == (0, "grow (0, 0)\nbound 0\ntable 1\n"), stage1.stderr
