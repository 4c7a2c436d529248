"""s2.make_coroutine: RETURN_GENERATOR makes coroutines and async generators
as CPython 3.11 does.

Programs run under CPython, at stage 2, and with the change off must print the
same. The switch shows in memory: made the base VM's way (through a frame
object), a coroutine's creation needs a temporary allocation it does not keep;
made directly, as under CPython, it needs none. With coroutine origin tracking
on, coroutines are made the base VM's way, which records cr_origin."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, run_cpython, run_fivefold

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "async"

PROGRAM = """
    import asyncio, gc, inspect, sys, types
    async def coro(a, b=2, *rest, **kw):
        x = a + b
        await asyncio.sleep(0)
        return x, rest, sorted(kw), sys._getframe().f_code.co_name
    async def agen(n):
        for i in range(n):
            yield i
            await asyncio.sleep(0)
    for _ in range(3):
        c = coro(1, 5, 6, k=1)
        print(c.__name__, c.__qualname__, c.cr_running, c.cr_frame.f_lineno, c.cr_code is coro.__code__,
              c.cr_origin, inspect.getcoroutinestate(c))
        print(asyncio.run(c), c.cr_frame, inspect.getcoroutinestate(c))
        g = agen(3)
        print(g.__name__, g.__qualname__, g.ag_running, g.ag_frame.f_lineno, g.ag_code is agen.__code__,
              inspect.getasyncgenstate(g) if hasattr(inspect, "getasyncgenstate") else None)
        async def collect(g):
            return [x async for x in g]
        print(asyncio.run(collect(g)), g.ag_frame)
    class C:
        async def method(self):
            return self
        @staticmethod
        async def static():
            return "s"
    async def both():
        c = C()
        return type(await c.method()).__name__, await C.static()
    print(asyncio.run(both()), C.method.__qualname__)
    def make_closure(k):
        async def inner():
            return k
        return inner
    print(asyncio.run(make_closure(7)()))
    async def closes():
        try:
            await asyncio.sleep(0)
            yield 1
        finally:
            print("finally")
    async def partly():
        g = closes()
        await g.__anext__()
        await g.aclose()
    asyncio.run(partly())
    unawaited = coro(0)
    print(unawaited.cr_frame.f_lasti >= 0, unawaited.cr_frame.f_back)
    unawaited.close()
    firstiter = []
    sys.set_asyncgen_hooks(firstiter=lambda g: firstiter.append(g.__name__))
    g = agen(1)
    print(firstiter)
    try:
        g.__anext__().send(None)
    except StopIteration as s:
        print("first", s.value, firstiter)
    sys.set_asyncgen_hooks(firstiter=None)
    sys.set_coroutine_origin_tracking_depth(3)
    def where():
        return coro(1)
    tracked = where()
    print([(name, line > 0) for _, line, name in tracked.cr_origin])
    sys.set_coroutine_origin_tracking_depth(0)
    tracked.close()
    print(coro(1).cr_origin)
    print(sys.getrefcount(coro.__code__) == sys.getrefcount(coro.__code__))
"""


@pytest.mark.parametrize("setting", ["on", "off"])
@pytest.mark.parametrize("program", ["make", "await_chains", "async_generators", "asyncio_await_tree",
                                     "coroutine_lifecycle"])
def test_same_as_cpython(tmp_path, setting, program):
    path = tmp_path / f"{program}.py"
    text = textwrap.dedent(PROGRAM) if program == "make" else (CORPUS / f"{program}.py").read_text()
    path.write_text(text)
    assert_same_with_change(path, "s2.make_coroutine", setting)


def test_switch_no_temporary_frame_object(tmp_path):
    path = tmp_path / "temporary.py"
    path.write_text(textwrap.dedent("""
        import tracemalloc
        async def c(a, b, c):
            return a + b + c
        async def ag(a):
            yield a
        made = []
        def extra(f, *args):
            tracemalloc.reset_peak()
            made.append(f(*args))
            current, peak = tracemalloc.get_traced_memory()
            return peak - current
        tracemalloc.start()
        print(max([extra(c, 1, 2, 3) for _ in range(5)][2:]), max([extra(ag, 1) for _ in range(5)][2:]))
        for m in made:
            if hasattr(m, "cr_frame"):
                m.close()   # no "never awaited" warning
    """))
    assert run_cpython(path, []).stdout == "0 0\n"
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout) == (0, "0 0\n"), on.stderr
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.make_coroutine"})
    assert off.exit_code == 0, off.stderr
    assert all(int(n) > 64 for n in off.stdout.split()), off.stdout
