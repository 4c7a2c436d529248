"""s2.collect_generators: tuple(g), list(g), set(g) run a fivefold generator in the loop.

The corpus program (tests/programs/calls_in_loop/collect_generators.py: items,
errors from the generator and from adding, frames seen inside, sizes, a set's
__hash__ between resumptions, a generator closed by it) runs under CPython, at
stage 2, and at stage 2 with the change off; all three must print the same."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, compare, run_cpython, run_fivefold
from members import counts_instructions, instructions_on_and_off

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"
PROGRAMS = ["collect_generators.py", "reduce_generators.py"]


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / name
    path.write_text((CORPUS / name).read_text())
    assert_same_with_change(path, "s2.collect_generators", setting)


def test_list_is_allocated_as_cpythons(tmp_path):
    # list(g)'s allocation restates list_resize (collect_generators.c): every
    # length up to 200, at a specialized site, against CPython's own.
    path = tmp_path / "sizes.py"
    path.write_text(textwrap.dedent("""
        import sys
        def make(n):
            return list(i for i in range(n))
        for rep in range(3):
            sizes = [sys.getsizeof(make(n)) for n in range(201)]
        print(sizes)
    """))
    cpython = run_cpython(path, [])
    assert cpython.exit_code == 0
    assert compare(cpython, run_fivefold(path, [], stage=2)) is None


def test_switch_nested_collections_need_no_c_stack(tmp_path):
    # 20,000 generators, each collecting the next with tuple(): in the loop no C
    # stack per level; with the change off tuple() iterates each from C and the
    # C stack guard stops it (CPython 3.11 recurses in C here too, so it is not
    # the reference for this one).
    path = tmp_path / "nested.py"
    path.write_text(textwrap.dedent("""
        import sys
        sys.setrecursionlimit(100000)
        def nested(n):
            if n:
                yield tuple(nested(n - 1))
            yield n
        depth, t = 0, tuple(nested(20000))
        while len(t) == 2:
            depth, t = depth + 1, t[0]
        print(depth)
    """))
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout.strip()) == (0, "20000"), on.stderr[-2000:]
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.collect_generators"})
    assert off.exit_code != 0 and "RecursionError" in off.stderr


@counts_instructions
def test_switch_costs_less_per_item(tmp_path):
    program = textwrap.dedent("""
        def run():
            cols = range(8)
            t = 0
            for vec in range(4000):
                t += len(set(vec * i % 7 for i in cols)) + len(tuple(i for i in cols))
            return t
        print(run())
    """)
    # 64,000 items collected: with the change each costs tens of instructions
    # less (~55 measured); start-up is the same.
    on, off = instructions_on_and_off(tmp_path, program, "s2.collect_generators")
    assert off - on > 20 * 64000, (on, off)
