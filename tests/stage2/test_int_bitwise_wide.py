"""s2.int_bitwise_wide: &, |, ^ of non-negative exact ints of up to three digits in C.

Programs run under CPython, at stage 2, and with the change off must print the
same: operands of zero to four digits on both sides of each digit boundary
(2**30, 2**60, 2**63 - 1 as go's hashes, 2**90 - 1 and 2**90), negative ones
(the slot's), the in-place forms, results that shrink to one digit or none
(normalized: equal, hashed and printed as CPython's) and the small-int
singletons a shrunken result is (`is` against computed ints), go's zobrist
pattern, and int subclasses and bools at a site specialized for ints. The switch
shows in the engine's count of results the change made (read through ctypes):
it grows while on and stays 0 while off and at stage 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from differential import assert_same_with_change

PROGRAM = """
    import random

    def ops(a, b):
        return a & b, a | b, a ^ b

    def inplace(a, b):
        x = a; x &= b
        y = a; y |= b
        z = a; z ^= b
        return x, y, z

    edges = [0, 1, 5, 255, 256, 257, 2**30 - 1, 2**30, 2**30 + 1, 2**31 + 7, 2**60 - 1, 2**60, 2**60 + 3,
             2**62, 2**63 - 1, 2**64 + 3, 2**89, 2**90 - 1, 2**90, 2**95 + 2**31, -1, -2, -(2**30), -(2**62),
             -(2**90)]
    for _ in range(3):
        for a in edges:
            for b in edges:
                r = ops(a, b)
                print(a, b, r, inplace(a, b), [hash(v) for v in r], [v.bit_length() for v in r])

    # Results that shrink: normalized, and the singleton when small.
    def shrink(a, b):
        return (a ^ b) is int("0"), (a & b), (a ^ b) == 0, ((a | 7) & 7) is int("7"), ((a + 200) & 255) is int("200")
    for _ in range(3):
        print(shrink(2**40 + 3, 2**40 + 3), shrink(2**61, 2**61), (2**62 + 5) & 2**30 - 1)
    big = 2**62 + 300
    small = big ^ (2**62)
    print(small, small is int("300"), (big & 255) is int("44"), type(small).__name__)

    # go's zobrist hash.
    random.seed(1)
    strings = [random.randrange(9223372036854775807) for _ in range(20)]
    class Z:
        def __init__(self):
            self.hash = 0
            self.seen = set()
        def update(self, i, j):
            self.hash ^= strings[i]
            self.hash ^= strings[j]
            self.seen.add(self.hash)
    z = Z()
    for step in range(2000):
        z.update(step % 20, (step * 7) % 20)
    print(z.hash, len(z.seen), sorted(z.seen)[:3])

    # Bools and int subclasses at a site that specialized for ints.
    class MyInt(int):
        def __xor__(self, other):
            return "MyInt.__xor__"
    for pair in [(2**62, 3), (True, 2**40), (MyInt(2**40), 2**40), (2**40, MyInt(2**40)), (2**62, 2**62 + 1)]:
        a, b = pair
        r = ops(a, b)
        print(r, [type(v).__name__ for v in r])
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "bitwise_wide.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.int_bitwise_wide", setting)


_COUNT = """
import ctypes
import fivefold._fivefold as engine
made = ctypes.PyDLL(engine.__file__).ff_int_bitwise_wide_made   # called with the GIL held
made.restype = ctypes.c_ssize_t
def run():
    h = 0
    for i in range(500):
        h ^= 2**62 + i
        h = h & (2**63 - 1) | 2**40
    return h
before = made()
run()
print(made() - before)
"""


def _made(env: dict[str, str]) -> int:
    out = subprocess.run([sys.executable, "-m", "fivefold", "run", "-c", _COUNT], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "FIVEFOLD_STAGE": "2", **env})
    assert out.returncode == 0, out.stderr
    return int(out.stdout)


def test_switch_counts_results():
    assert _made({}) >= 1400   # 1500 operations; the first runs of each site are generic
    assert _made({"FIVEFOLD_WITHOUT": "s2.int_bitwise_wide"}) == 0
    assert _made({"FIVEFOLD_STAGE": "1"}) == 0
