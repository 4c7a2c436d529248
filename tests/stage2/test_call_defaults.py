"""s2.call_defaults: calls of fivefold functions completed by their defaults
push the frame straight from the CALL, guarded by the version s2.call_exact_args
caches there (CPython 3.11's CALL_PY_WITH_DEFAULTS).

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: results, the defaults' identity (a mutable
default shared by the calls), their reference counts, positional-only
parameters, TypeErrors worded by CPython's binding, and what happens when a
callee's __defaults__ or __code__ is set, or __defaults__ deleted, after its
calls were specialized. The switch shows in instruction counts: the path
pushes the frame without the general binding, so a loop of such calls costs
fewer instructions with the change on (cachegrind; skipped without valgrind)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change
from members import counts_instructions, instructions_on_and_off

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAMS = {
    "argument_shapes": (CORPUS / "argument_shapes.py").read_text(),
    "frames_and_tracebacks": (CORPUS / "frames_and_tracebacks.py").read_text(),
    "defaults": textwrap.dedent("""
        import sys
        SENTINEL = object()
        def f(a, b=2, c=[]):
            c.append(a)
            return a + b + len(c)
        def g(a, b=1, /, c=3):
            return (a, b, c)
        def h(a, b=SENTINEL):
            return b is SENTINEL
        class K:
            def m(self, x, y=10):
                return x + y
        k = K()
        before = sys.getrefcount(SENTINEL)
        total = 0
        for i in range(300):
            total += f(i) + f(i, 5) + f(i, 1, [])
            r = (g(i), g(i, 2), h(i), k.m(i), K.m(k, i))
        print(total, r, len(f.__defaults__[1]))
        print("sentinel refcount delta", sys.getrefcount(SENTINEL) - before)
        def call_f(*args):
            return f(args[0]) if len(args) == 1 else f(*args)
        def one(x):
            return f(x)
        for i in range(100):
            one(i)
        f.__defaults__ = (10, [])
        print(one(1), one(1), f.__defaults__[1])
        f.__defaults__ = (20,)          # c loses its default
        try:
            one(1)
        except TypeError as e:
            print("TypeError", e)
        del f.__defaults__
        try:
            one(1)
        except TypeError as e:
            print("TypeError", e)
        f.__defaults__ = (1, [])
        print(one(1))
        f.__code__ = (lambda a, b=0, c=None: ("new code", a, b, c)).__code__
        print(one(1))
        def two(x):
            return g(x)
        for i in range(100):
            two(i)
        g.__defaults__ = (7, 8)
        print(two(0))
        # Errors inside a callee entered this way, and its frame.
        def deep(n, acc=0):
            if n == 0:
                raise ValueError(sys._getframe().f_back.f_code.co_name)
            return deep(n - 1)
        try:
            deep(50)
        except ValueError as e:
            print("ValueError", e)
        sys.setrecursionlimit(100000)
        def down(n, step=1):
            return 0 if n == 0 else 1 + down(n - step)
        print(down(50000))
    """),
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name])
    assert_same_with_change(path, "s2.call_defaults", setting)


LOOP = """
def f(a, b=2, c=3):
    return a
def run():
    for i in range(100000):
        f(i)
run()
"""


@counts_instructions
def test_switch_fewer_instructions_per_call(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.call_defaults")
    # 100,000 calls: the general binding costs tens of instructions more per
    # call (measured: 696.9M against 705.9M, 90 a call); start-up noise is a few thousand.
    assert off - on > 100000 * 10, (on, off)
