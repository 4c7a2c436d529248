"""A fivefold function's __code__ (its shadow code object, docs/engine.md sections 1
and 6) behaves as CPython's: dis, marshal, inspect and types.FunctionType work on it
and its co_consts are CPython's. Each program runs on python and under `fivefold
run`, and the outputs must be equal; under fivefold the program also checks that
its functions really are fivefold code (else the comparison proves nothing)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from runtime_support import commands, run

PROGRAM = textwrap.dedent('''
    import dis, inspect, io, marshal, os, re, sys, types

    def defaults(a, b=2, *args, c=-3, d=(1, 2), **kw):
        "Docstring."
        return a + b + c + sum(d) + len(args) + len(kw)

    def nodoc(x):
        return x * 2.5

    def nested(n):
        def inner(m):
            return n + m
        return inner

    def with_lambda(xs):
        return sorted(xs, key=lambda v: -v)

    def comprehensions(xs):
        return ([x for x in xs if x > 1], {x: "v" for x in xs}, {x % 3 for x in xs},
                list(x + 0.25 for x in xs))

    def constants(x):
        big = 10 ** 40
        neg = -17
        f = -0.5
        t = (1, "a", None, (2, 3))
        if x in {1, 2, 3}:
            return big, neg, f, t, "in"
        if x in [4, 5]:
            return "list", frozenset({9})
        return b"bytes", 1j, ..., True, 2 ** -1, "shared_name"

    def also_shared():
        return "shared_name"

    def kw_call(x):
        return dict(a=x, b=2)

    def raises_last(x):
        raise ValueError(x)

    def loops_forever():
        while True:
            return 1

    def gen(n):
        yield from range(n)

    async def coro():
        return 1

    FUNCS = [defaults, nodoc, nested, nested(1), with_lambda, comprehensions, constants,
             also_shared, kw_call, raises_last, loops_forever, gen, coro]

    if os.environ.get("EXPECT_FIVEFOLD") == "1":
        from fivefold import _fivefold
        for func in FUNCS:
            _fivefold.code_of(func.__code__)   # ValueError if not fivefold code

    def norm(value):
        """co_consts without addresses: code objects by name and constants."""
        if isinstance(value, types.CodeType):
            return ("code", value.co_name, norm(value.co_consts))
        if isinstance(value, tuple):
            return tuple(norm(v) for v in value)
        if isinstance(value, frozenset):
            return ("frozenset", sorted(map(repr, value)))
        return (type(value).__name__, repr(value))

    for func in FUNCS:
        code = func.__code__
        print(func.__qualname__)
        print("  co_consts", norm(code.co_consts))
        out = io.StringIO()
        dis.dis(func, file=out)
        print("  dis names", re.findall(r"Disassembly of <code object (\\S+)", out.getvalue()))
        print("  instructions", len(list(dis.get_instructions(func))) > 0)
        # The adaptive view reads code._co_code_adaptive, the array a shadow's
        # fivefold bytecode runs in (shown as the placeholder co_code).
        out = io.StringIO()
        dis.dis(func, file=out, adaptive=True)
        print("  adaptive dis names", re.findall(r"Disassembly of <code object (\\S+)", out.getvalue()))
        print("  replace", code.replace() == code, hash(code.replace()) == hash(code))
        info = dis.code_info(func)
        print("  code_info consts", re.sub(r" at 0x[0-9a-f]+", "", info[info.index("Constants:"):]
                                           .split("Names:")[0].split("Variable names:")[0]))
        copy = marshal.loads(marshal.dumps(code))
        print("  marshal", norm(copy.co_consts) == norm(code.co_consts), copy.co_name == code.co_name)
        print("  signature", inspect.signature(func))
        print("  source", inspect.getsource(func).splitlines()[0])
        print("  doc", inspect.getdoc(func), func.__doc__)
        print("  members", [name for name, _ in inspect.getmembers(func)])
        print("  kinds", inspect.isfunction(func), inspect.isgeneratorfunction(func),
              inspect.iscoroutinefunction(func))

    print(constants.__code__.co_consts[-1] is also_shared.__code__.co_consts[-1])
    print(inspect.signature(defaults).bind(1, 2, 3, c=4, e=5).arguments)
    print(inspect.getclosurevars(nested(5)))
    print(inspect.getfullargspec(defaults))

    # A function made from a fivefold function's code runs it.
    g = globals()
    made = types.FunctionType(defaults.__code__, g, "d", defaults.__defaults__)
    made.__kwdefaults__ = defaults.__kwdefaults__
    print(made(10), made.__doc__, made.__name__)
    print(types.FunctionType(nodoc.__code__, g)(2), types.FunctionType(constants.__code__, g)(1))
    inner = nested(3)
    print(types.FunctionType(inner.__code__, g, "i", None, inner.__closure__)(4))
    print(list(types.FunctionType(gen.__code__, g)(3)))
    try:
        types.FunctionType(defaults.__code__, g)(1)
    except TypeError as exc:
        print("TypeError", exc)
    # code.replace keeps what runs: @types.coroutine and renaming.
    print(types.FunctionType(nodoc.__code__.replace(co_name="renamed"), g)(4))
    @types.coroutine
    def delegate():
        yield 1
    print(list(delegate()), bool(delegate.__code__.co_flags & 0x100))
''')

LOADED = textwrap.dedent('''
    import marshal, types

    def f(x):
        return x + 1

    def gen():
        yield 1

    copy = marshal.loads(marshal.dumps(f.__code__))
    print(copy.co_consts == f.__code__.co_consts)
    gen_copy = marshal.loads(marshal.dumps(gen.__code__))
    for made in (lambda: types.FunctionType(copy, {})(1), lambda: next(types.FunctionType(gen_copy, {})()),
                 lambda: types.FunctionType(f.__code__.replace(co_consts=(None, 2)), {})(1)):
        try:
            made()
        except SystemError as exc:
            print("SystemError", "without its fivefold code" in str(exc))
    print(f(1))
''')


@pytest.fixture
def program(tmp_path: Path):
    def write(source: str) -> Path:
        path = tmp_path / "prog.py"
        path.write_text(source)
        return path
    return write


def test_code_objects_behave_as_cpythons(program, tmp_path):
    path = program(PROGRAM)
    front = commands()
    cpython = run(front["python"], [path.name], tmp_path, tmp_path / "cache")
    fivefold = run(front["fivefold run"], [path.name], tmp_path, tmp_path / "cache", EXPECT_FIVEFOLD="1")
    assert cpython.returncode == 0, cpython.stderr
    assert fivefold.returncode == 0, fivefold.stderr
    assert fivefold.stdout == cpython.stdout
    # dis recursed into co_consts (on fivefold too: the outputs are equal).
    assert "dis names ['<listcomp>', '<dictcomp>', '<setcomp>', '<genexpr>']" in cpython.stdout


def test_a_shadow_loaded_back_by_marshal_raises_a_clear_error(program, tmp_path):
    path = program(LOADED)
    result = run(commands()["fivefold run"], [path.name], tmp_path, tmp_path / "cache")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "True\n" + "SystemError True\n" * 3 + "2\n"


def test_fivefold_dis_still_shows_fivefold_code(program, tmp_path):
    path = program("def f(x):\n    'doc'\n    return x + 1\n")
    import subprocess
    result = subprocess.run([sys.executable, "-m", "fivefold", "dis", str(path)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Disassembly of <code object f" in result.stdout and "BINARY_OP" in result.stdout
