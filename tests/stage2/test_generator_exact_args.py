"""s2.generator_exact_args: a call of a fivefold generator, coroutine or async
generator function with exactly its positional parameters pushes the frame from
the version s2.call_exact_args caches at the CALL.

Each program runs under CPython, at stage 2, and at stage 2 with the change off;
all three must print the same: what the objects yield and return, their names and
frames, cells and free variables set up before RETURN_GENERATOR, argument shapes
that do not fit the cached path (keywords, defaults, too many or too few
arguments: CPython's TypeErrors), and what happens when a callee's __code__ is
replaced (by a plain function's, by a generator's with other parameters) after
its calls were specialized. The switch shows in instruction counts: a loop of
such calls costs fewer instructions with the change on (cachegrind)."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import counts_instructions, instructions_on_and_off

PROGRAM = """
    import asyncio, sys, types

    def gen(a, b):
        yield a
        yield sys._getframe().f_back is None or sys._getframe().f_back.f_code.co_name
        return b

    def counter(n):
        total = 0
        for i in range(n):
            total += sum(gen(i, i))
        return total

    def with_cell(x):
        def inner():
            return x
        yield inner()
        x = x + 1
        yield inner()

    async def fib(n):
        if n <= 1:
            return n
        return await fib(n - 1) + await fib(n - 2)

    async def agen(a, b):
        yield a
        yield b

    async def use_agen():
        return [v async for v in agen(1, 2)]

    def first_of(g):
        return next(g), g.__name__, g.__qualname__, g.gi_frame.f_code.co_name

    print(counter(200))
    print([list(with_cell(i)) for i in range(3)])
    print(asyncio.run(fib(15)))
    for _ in range(3):
        print(asyncio.run(use_agen()))
    for i in range(100):
        r = first_of(gen(i, 0))
    print(r)
    # shapes the cached path leaves to the general one, on a site that cached
    def call(*args, **kw):
        return gen(*args, **kw)
    def site(a, b):
        return list(gen(a, b))
    for i in range(100):
        site(i, i)
    for args, kw in [((1,), {}), ((1, 2, 3), {}), ((1,), {"b": 2}), ((), {"a": 1, "b": 2})]:
        try:
            print(list(call(*args, **kw)))
        except TypeError as e:
            print("TypeError", e)
    # __code__ replaced after the site cached the version
    gen.__code__ = (lambda a, b: ("plain", a, b)).__code__
    print(site(1, 2))
    def other(a, b):
        yield "other"
        yield a * b
    gen.__code__ = other.__code__
    print(site(3, 4))
    # a generator frame pushed by the call sees the caller in the chain while
    # created, and the generator is the object its creator gets
    g = with_cell(5)
    print(type(g).__name__, g.gi_running, g.gi_frame.f_lasti >= 0)
    # errors and the recursion limit inside generators entered this way
    def boom(n):
        if n == 0:
            raise ValueError("deep")
        yield from boom(n - 1)
    try:
        list(boom(30))
    except ValueError as e:
        print("ValueError", e)
    sys.setrecursionlimit(200)
    def nest(n):
        yield from nest(n + 1)
    try:
        list(nest(0))
    except RecursionError as e:
        print("RecursionError", e)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "prog.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.generator_exact_args", setting)


LOOP = """
def gen(a, b):
    yield a
def run():
    for i in range(100000):
        for x in gen(i, i):
            pass
run()
"""


@counts_instructions
def test_switch_fewer_instructions_per_call(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.generator_exact_args")
    # 100,000 generator calls: the general push costs tens of instructions more
    # per call (its checks, then the binding); start-up noise is a few thousand.
    assert off - on > 100000 * 10, (on, off)
