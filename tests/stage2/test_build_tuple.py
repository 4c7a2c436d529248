"""s2.build_tuple: BUILD_TUPLE fills the new tuple in the instruction (CPython
3.11 inlines _PyTuple_FromArraySteal into its loop) instead of calling the base
VM's ff_tuple_steal.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: tuples of every size the compiler builds
with BUILD_TUPLE (the empty tuple is a constant, so sizes from 1), their items'
reference counts (each item's reference moves from the stack into the tuple),
tuple keys and subscripts, and tuples made in generators, in exception handlers
and while a finalizer runs. The switch shows in instruction counts: a loop that
builds pairs costs fewer instructions with the change on (cachegrind; skipped
without valgrind)."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import counts_instructions, instructions_on_and_off

PROGRAMS = {
    "sizes_and_refcounts": textwrap.dedent("""
        import sys
        class Obj:
            def __repr__(self):
                return "Obj"
        o = Obj()
        before = sys.getrefcount(o)
        keep = []
        for i in range(200):
            a, b, c = i, str(i), o
            keep.append((a,))
            keep.append((a, b))
            keep.append((a, b, c))
            keep.append((a, b, c, a, b, c, a, b, c, a, b, c, a, b, c, a, b, c, a, b))
        print(len(keep), keep[-1][:5], keep[-2], keep[-3], keep[-4])
        print("refcount delta", sys.getrefcount(o) - before)
        del keep
        print("refcount delta after", sys.getrefcount(o) - before)
        d = {}
        for x in range(30):
            for y in range(3):
                d[x, y] = x * y
        print(sum(d[x, 2] for x in range(30)), (1, 2) in d, (29, 2) in d)
    """),
    "generators_and_handlers": textwrap.dedent("""
        import gc
        def pairs(n):
            for i in range(n):
                yield (i, -i)
        print(list(pairs(5)))
        class Fin:
            def __del__(self):
                global made
                made = (1, "finalizer", (2, 3))
        made = None
        for i in range(50):
            try:
                f = Fin()
                del f
                raise KeyError((i, i + 1))
            except KeyError as e:
                t = (e.args[0], i)
        print(t, made)
        class Grid:
            def __init__(self):
                self.data = [0] * 100
            def __getitem__(self, xy):
                x, y = xy
                return self.data[y * 10 + x]
            def __setitem__(self, xy, v):
                x, y = xy
                self.data[y * 10 + x] = v
        g = Grid()
        for y in range(1, 9):
            for x in range(1, 9):
                g[x, y] = g[x - 1, y] + g[x, y - 1] + 1
        print(g[8, 8], sum(g.data))
        gc.collect()
    """),
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name])
    assert_same_with_change(path, "s2.build_tuple", setting)


LOOP = """
def run():
    t = None
    for i in range(100000):
        t = (i, i)
    return t
run()
"""


@counts_instructions
def test_switch_fewer_instructions_per_tuple(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.build_tuple")
    # 100,000 pairs: off, each is a call of ff_tuple_steal and its loop around
    # PyTuple_New; on, the pair is filled in the instruction.
    assert off - on > 100000 * 4, (on, off)
