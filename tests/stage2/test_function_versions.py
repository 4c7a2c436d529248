"""s2.function_versions: every function MAKE_FUNCTION makes from one fivefold
code object shares the version its Code keeps, so s2.call_exact_args' cache at a
CALL fits the next comprehension, generator expression or inner function made
from the same code (CPython 3.13 gives a new function its code's version).

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same. They call, at one site, many functions made
from one code object: comprehensions and generator expressions, closures over
different cells, inner functions whose siblings had __defaults__,
__kwdefaults__ or __code__ set (a setter resets that function's version; it
must not make a sibling take the wrong path), generator functions, and a site
that sees functions of two different codes in turn. The switch shows in
instruction counts: a loop that calls a freshly made function each time costs
fewer instructions with the change on (cachegrind; skipped without valgrind)."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change, run_fivefold
from members import counts_instructions, instructions_on_and_off

PROGRAMS = {
    "comprehensions": textwrap.dedent("""
        def widgets(n):
            rows = [(i, i % 3, [j for j in range(i % 4)]) for i in range(n)]
            by_id = {r[0]: r for r in rows}
            odd = {r[1] for r in rows if r[0] % 2}
            return rows, by_id, odd, any(len(r[2]) > 2 for r in rows), sum(x for x in range(n))
        out = None
        for k in range(200):
            out = widgets(k % 20)
        print(out)
    """),
    "closures": textwrap.dedent("""
        def make(n, default=5):
            def inner(x, y=default):
                return x * n + y
            return inner
        site_results = []
        for i in range(300):
            f = make(i, i % 7)
            site_results.append(f(2) + f(3, 1))
        print(sum(site_results), site_results[-5:])
        # Siblings of one code, some of them changed by the setters.
        fs = [make(i) for i in range(50)]
        fs[10].__defaults__ = (100, 200)           # too many defaults: still one required
        fs[11].__defaults__ = None                 # y is now required
        fs[12].__kwdefaults__ = {"z": 1}
        fs[13].__code__ = (lambda x, y=-1: ("other", x, y)).__code__
        fs[14].__defaults__ = (1000,)
        def call_one(g):
            return g(1)
        for rnd in range(3):
            out = []
            for g in fs:
                try:
                    out.append(call_one(g))
                except TypeError as e:
                    out.append("TypeError " + str(e))
            print(rnd, out[8:16])
        def call_two(g):
            return g(1, 2)
        print([call_two(g) for g in fs][8:16])
    """),
    "generators_and_kinds": textwrap.dedent("""
        import sys
        def outer(n):
            def gen(a):
                for i in range(a):
                    yield i * n
            async def coro(a):
                return a + n
            lam = lambda a: a - n
            return gen, coro, lam
        total = 0
        for n in range(200):
            gen, coro, lam = outer(n)
            total += sum(gen(3)) + lam(n)
            c = coro(2)
            try:
                c.send(None)
            except StopIteration as e:
                total += e.value
        print(total)
        # One site, functions of two codes in turn, and of a code with *args.
        def a(x):
            return ("a", x)
        def b(x):
            return ("b", x)
        def v(*x):
            return ("v", x)
        def site(f, x):
            return f(x)
        print([site(f, i) for i in range(6) for f in (a, b, v, (lambda y: ("l", y)))][-8:])
        # Recursion through fresh functions still counts each level.
        def nest(k):
            if k == 0:
                return sys._getframe().f_back.f_code.co_name
            return (lambda j: nest(j))(k - 1)
        print(nest(30))
    """),
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name])
    assert_same_with_change(path, "s2.function_versions", setting)


# CPython 3.11's PyFunctionObject ends with func_version (a uint32_t, padded to
# 8 bytes): its offset is the type's basic size less 8 (as test_call_exact_args).
VERSIONS = """
    import ctypes
    def version(f):
        return ctypes.c_uint32.from_address(id(f) + type(f).__basicsize__ - 8).value
    def make():
        def inner(x):
            return x + 1
        return inner
    a, b = make(), make()
    print("made", version(a) != 0, version(a) == version(b), version(a) >= 2**31)
    def other(x):
        return x
    print("other code", version(other) != version(a))
    b.__code__ = other.__code__
    print("after __code__", version(b))
    def call(f):
        return f(5)
    c = make()
    print(sorted(set(call(f) for f in (a, b, c) for _ in range(10))))
    print("recached", version(b) == version(other), version(a) == version(make()))
"""


def test_switch_shared_versions(tmp_path):
    path = tmp_path / "versions.py"
    path.write_text(textwrap.dedent(VERSIONS))
    on = run_fivefold(path, [], stage=2)
    assert on.exit_code == 0, on.stderr
    assert on.stdout.splitlines() == [
        "made True True True", "other code True", "after __code__ 0", "[5, 6]", "recached True True",
    ]
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.function_versions"})
    assert off.exit_code == 0, off.stderr
    # Off, a function has no version until a site caches it, and each its own.
    assert off.stdout.splitlines() == [
        "made False True False", "other code False", "after __code__ 0", "[5, 6]", "recached False False",
    ]


LOOP = """
def run():
    total = 0
    for i in range(100000):
        total += (lambda a: a)(i)
    return total
run()
"""


@counts_instructions
def test_switch_fewer_instructions_per_call(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.function_versions")
    # 100,000 calls of a new lambda each: off, each call misses the cached
    # version and runs ff_cache_exact_args again (tens of instructions); on,
    # the lambda has its code's version from MAKE_FUNCTION.
    assert off - on > 100000 * 10, (on, off)
