"""s2.inline_generator_calls: a call of a fivefold generator, coroutine or async
generator function pushes its frame in the caller's loop, whose RETURN_GENERATOR
hands the new object back to the caller there.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same. The programs cover what runs in the pushed
frame before RETURN_GENERATOR (cells and free variables), argument shapes the
push binds and those it leaves to the generic call (errors worded by CPython),
the recursion limit reached by the call itself, and the frames seen once the
object runs (its creator is gone from the chain)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change

CORPUS = Path(__file__).resolve().parents[1] / "programs"

PROGRAM = """
    import asyncio, sys
    def gen(a, b=2, *, c=3):
        yield a, b, c
        yield sys._getframe().f_back.f_code.co_name
    def caller():
        return list(gen(1)) + list(gen(1, c=5)) + list(gen(b=7, a=0))
    print(caller())
    def var(*args, **kw):
        yield args, sorted(kw)
    print(list(var(1, 2, x=3)))
    def outer(k):
        cell = k * 2
        def inner(j):
            nonlocal cell
            cell += j
            yield cell, k
        def with_cell(m):
            def uses():
                return m
            yield uses()
        return list(inner(1)) + list(inner(2)) + list(with_cell(k))
    print(outer(10))
    for args, kw in [((), {}), ((1, 2, 3), {}), ((1,), {"a": 2}), ((1,), {"zz": 2})]:
        try:
            gen(*args, **kw)
        except TypeError as e:
            print("TypeError:", e)
    class C:
        def items(self, n):
            for i in range(n):
                yield self, i
        async def coro(self, x):
            return x + 1
        async def agen(self, n):
            for i in range(n):
                yield i
    c = C()
    print([i for _, i in c.items(3)], asyncio.run(c.coro(1)))
    async def collect():
        return [x async for x in c.agen(3)]
    print(asyncio.run(collect()))
    g = gen(1)
    print(g.gi_frame.f_back, g.gi_frame.f_lineno, next(g), g.gi_frame.f_back)
    def raises_first():
        raise KeyError("first")
        yield
    try:
        next(raises_first())
    except KeyError as e:
        import traceback
        print([(f.name, f.line) for f in traceback.extract_tb(e.__traceback__)])
    def depth(n):
        if n == 0:
            return gen(n)
        return depth(n - 1)
    limit = sys.getrecursionlimit()
    for n in range(limit - 60, limit + 5):
        try:
            depth(n)
        except RecursionError:
            print("RecursionError from", n - (limit - 60))
            break
    made = [gen(i) for i in range(1000)]
    print(sum(next(g)[0] for g in made))
"""


@pytest.mark.parametrize("setting", ["on", "off"])
@pytest.mark.parametrize("program", ["calls", "generators/generator_closures", "generators/recursive_generators", "async/await_chains",
                                     "async/async_generators", "calls_in_loop/yield_from_delegation"])
def test_same_as_cpython(tmp_path, setting, program):
    if program == "calls":
        path = tmp_path / "calls.py"
        path.write_text(textwrap.dedent(PROGRAM))
    else:
        path = CORPUS / f"{program}.py"
    assert_same_with_change(path, "s2.inline_generator_calls", setting)
