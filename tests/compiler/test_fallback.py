"""Per-function fallback: unsupported constructs compile with CPython, counted with reasons.

fivefold compiles `match`, async code and `except*` natively now; to keep the mechanism
under test, the tests that exercise it declare those constructs unsupported
again (the `legacy_fallbacks` fixture puts them back into
fallback.UNSUPPORTED), and other tests check that by default they do not fall
back, and that a scope the code generator gives up on falls back instead of
stopping the program.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fivefold import _fivefold
from fivefold.compiler import STATS, compile_source, fallback

from .test_oracle import run

# What fell back before fivefold compiled it.
LEGACY = {ast.Match: "match", ast.Await: "await", ast.AsyncFor: "async for",
          ast.AsyncWith: "async with", ast.AsyncFunctionDef: "async def",
          ast.comprehension: "async comprehension", ast.TryStar: "except*"}


@pytest.fixture
def legacy_fallbacks(monkeypatch):
    for node_type, reason in LEGACY.items():
        monkeypatch.setitem(fallback.UNSUPPORTED, node_type, reason)


PROGRAMS = {
    "async def": ("""
import asyncio
counter = 0
def make():
    total = 0
    async def bump(n):
        nonlocal total
        total += n
        await asyncio.sleep(0)
        return total
    return bump, lambda: total
bump, get = make()
print(asyncio.run(bump(3)), asyncio.run(bump(4)), get())
""", {"async def": 1}),
    "await in a generator expression": ("""
import asyncio
def awaiting(xs):
    return (await x for x in xs)
async def one(v):
    return v * 3
async def main():
    return [y async for y in awaiting([one(1), one(2)])]
print(asyncio.run(main()))
""", {"await": 1, "async def": 2}),
    "match": ("""
def kind(x):
    match x:
        case [a, b]: return f'pair {a} {b}'
        case {'k': v}: return f'map {v}'
        case int(n) if n > 0: return 'pos'
        case _: return kind.__name__
print(kind([1, 2]), kind({'k': 3}), kind(5), kind('z'), kind.__qualname__)
""", {"match": 1}),
    "method with match and super": ("""
class Base:
    def show(self, v): return 'base ' + str(v)
class C(Base):
    __secret = 'hidden'
    def show(self, v):
        match v:
            case 1: return super().show('one') + self.__secret
        return super().show(v)
print(C().show(1), C().show(2), C.show.__qualname__)
""", {"match": 1}),
    "except star": ("""
def f():
    try:
        raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print('values', e.exceptions)
    except* TypeError as e:
        print('types', e.exceptions)
f()
""", {"except*": 1}),
    "module level match": ("""
match [1, 2]:
    case [x, y]: print(x + y)
""", {"match": 1}),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_fallback_behaves_like_cpython_and_is_counted(name, legacy_fallbacks):
    src, reasons = PROGRAMS[name]
    src = textwrap.dedent(src)
    expected = run(compile(src, "<fb>", "exec"))
    STATS.reset()
    code = compile_source(src, "<fb>")
    assert dict(STATS.reasons()) == reasons
    assert run(code) == expected


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_compiles_natively_by_default(name):
    src = textwrap.dedent(PROGRAMS[name][0])
    expected = run(compile(src, "<fb>", "exec"))
    STATS.reset()
    code = compile_source(src, "<fb>")
    assert dict(STATS.reasons()) == {}
    assert code.co_flags & _fivefold.CO_FIVEFOLD
    assert run(code) == expected


def test_only_the_function_falls_back(legacy_fallbacks):
    src = "def plain(x):\n    return x\ndef m(x):\n    match x:\n        case _: return plain(x)\n"
    ns = {}
    exec(compile_source(src, "<fb>"), ns)
    assert ns["plain"].__code__.co_flags & _fivefold.CO_FIVEFOLD
    assert not ns["m"].__code__.co_flags & _fivefold.CO_FIVEFOLD
    assert ns["m"](5) == 5


def test_stats_report_lists_fallbacks_with_reasons(legacy_fallbacks):
    import io

    from fivefold.runtime.run_stats import print_stats

    STATS.reset()
    compile_source("async def a():\n    pass\ndef b():\n    match 1:\n        case _: pass\n",
                   "/x/prog.py")
    out = io.StringIO()
    print_stats(out)
    text = out.getvalue()
    assert "1 code units compiled, 2 fell back to CPython" in text
    assert "fallback: async def: 1" in text and "fallback: match: 1" in text
    assert "/x/prog.py:3 b (match)" in text


def test_a_scope_the_compiler_gives_up_on_falls_back(monkeypatch):
    from fivefold.compiler.errors import CompileError
    from fivefold.compiler.statements import Compiler

    def give_up(self, node):
        raise CompileError("no while loops today")

    monkeypatch.setattr(Compiler, "stmt_While", give_up)
    src = textwrap.dedent("""
        def outer(n):
            def inner():
                return [k for k in range(n)]
            total = 0
            while n:
                total += n
                n -= 1
            return total, inner
        t, inner = outer(3)
        print(t, inner(), outer.__qualname__)
    """)
    expected = run(compile(src, "<fb>", "exec"))
    STATS.reset()
    code = compile_source(src, "<fb>")
    # outer falls back (its nested units compiled before it gave up are forgotten);
    # the module stays fivefold code.
    assert dict(STATS.reasons()) == {"not compiled: no while loops today": 1}
    assert STATS.units_compiled == 1
    assert code.co_flags & _fivefold.CO_FIVEFOLD
    assert run(code) == expected

    STATS.reset()
    module = compile_source("n = 2\nwhile n:\n    n -= 1\nprint(n)\n", "<fb>")
    assert not module.co_flags & _fivefold.CO_FIVEFOLD
    assert dict(STATS.reasons()) == {"not compiled: no while loops today": 1}
    assert run(module) == "0\n"
