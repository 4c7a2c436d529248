"""s2.inline_await: `await` resumes a fivefold coroutine in the awaiting loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same. One program shows the switch: a chain of
100,000 coroutines each awaiting the next needs no C stack when each await
resumes its coroutine in the loop, and exhausts it when every await re-enters
the evaluator through PyIter_Send."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, compare, run_cpython, run_fivefold

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "async"

PROGRAMS = ["await_chains", "await_errors", "asyncio_await_tree", "coroutines_by_hand", "asyncio_tasks",
            "async_traceback", "coroutine_lifecycle"]


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(name, setting):
    path = CORPUS / f"{name}.py"
    assert_same_with_change(path, "s2.inline_await", setting)


def test_send_into_a_chain_resumed_in_the_loop(tmp_path):
    # Values sent by the driver reach the bottom of a chain the loop resumed;
    # a coroutine awaited while not started gets None first, and one awaited
    # twice, or while running, raises CPython's errors.
    path = tmp_path / "send.py"
    path.write_text(textwrap.dedent("""
        import types
        @types.coroutine
        def ask(q):
            return (yield q)
        async def bottom(n):
            got = []
            for i in range(n):
                got.append(await ask(i))
            return got
        async def middle(n):
            return await bottom(n)
        async def top(n):
            c = middle(n)
            r = await c
            try:
                await c
            except RuntimeError as e:
                r.append(str(e))
            return r
        c = top(3)
        print(c.send(None))
        try:
            while True:
                print(c.send("v"))
        except StopIteration as s:
            print(s.value)
        async def self_await():
            return await me
        me = self_await()
        try:
            me.send(None)
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
    """))
    for env in (None, {"FIVEFOLD_WITHOUT": "s2.inline_await"}):
        diff = compare(run_cpython(path, []), run_fivefold(path, [], stage=2, env=env))
        assert diff is None, diff


def test_switch_deep_await_chain_needs_no_c_stack(tmp_path):
    # CPython 3.11 re-enters its evaluator in C for every await (gen_send_ex2),
    # so it is not the reference for this one.
    path = tmp_path / "deep.py"
    path.write_text(textwrap.dedent("""
        import sys
        sys.setrecursionlimit(250000)
        async def depth(n):
            if n == 0:
                return 0
            return 1 + await depth(n - 1)
        try:
            depth(100000).send(None)
        except StopIteration as stop:
            print(stop.value)
    """))
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout.strip()) == (0, "100000"), on.stderr
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.inline_await"})
    assert off.exit_code != 0 and "RecursionError" in off.stderr
