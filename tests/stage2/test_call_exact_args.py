"""s2.call_exact_args: calls with exactly the callee's positional parameters push
its frame straight from the CALL, guarded by the function's version.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: results, TypeErrors worded by CPython's
binding, tracebacks, what sys._getframe and f_back show, and what happens when
a callee's __code__, __defaults__, __kwdefaults__ or __annotations__ is set
after its calls were specialized. One program shows the switch: with the
change on a function called that way gets a version of fivefold's own (counted
down from 2**32 - 2, apart from CPython's, which count up from 1), which a
setter resets to 0 and the next call replaces; with it off, no version. Only
functions a cached call can fit get one (not *args or keyword-only ones), so a
site that sees several callees in turn re-caches each one's version with a
store: it costs a few instructions a call more than a site with one callee."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, compare, run_cpython, run_fivefold
from members import counts_instructions, instructions

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAMS = {
    "exact_args": (CORPUS / "exact_args.py").read_text(),
    "argument_shapes": (CORPUS / "argument_shapes.py").read_text(),
    "frames_and_tracebacks": (CORPUS / "frames_and_tracebacks.py").read_text(),
    "recursion_limits": (CORPUS / "recursion_limits.py").read_text(),
    "polymorphic_sites": (CORPUS / "polymorphic_sites.py").read_text(),
}

# CPython 3.11's PyFunctionObject ends with func_version (a uint32_t, padded to
# 8 bytes): its offset is the type's basic size less 8.
VERSIONS = """
    import ctypes
    def version(f):
        return ctypes.c_uint32.from_address(id(f) + type(f).__basicsize__ - 8).value
    def add(a, b): return a + b
    def sub(a, b): return a - b
    def call(): return add(2, 1)
    def twice(): return [call() for _ in range(3)]
    print(twice())
    first = version(add)
    print("versioned", first >= 2**31, "untouched", version(sub))
    add.__code__ = sub.__code__
    print("after __code__", version(add))
    print(twice())
    second = version(add)
    print("new version", second >= 2**31 and second != first)
    add.__defaults__ = (1,)
    print("after __defaults__", version(add), twice(), version(add) >= 2**31)
"""


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name])
    assert_same_with_change(path, "s2.call_exact_args", setting)


def test_switch_function_versions(tmp_path):
    path = tmp_path / "versions.py"
    path.write_text(textwrap.dedent(VERSIONS))
    # s2.function_versions off: a function gets a version of its own when a
    # site first caches it (with it on, MAKE_FUNCTION gives every function its
    # code's version at once: test_function_versions.py).
    on = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.function_versions"})
    assert on.exit_code == 0, on.stderr
    assert on.stdout.splitlines() == [
        "[3, 3, 3]", "versioned True untouched 0", "after __code__ 0", "[1, 1, 1]", "new version True",
        "after __defaults__ 0 [1, 1, 1] True",
    ]
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.call_exact_args"})
    assert off.exit_code == 0, off.stderr
    assert off.stdout.splitlines() == [
        "[3, 3, 3]", "versioned False untouched 0", "after __code__ 0", "[1, 1, 1]", "new version False",
        "after __defaults__ 0 [1, 1, 1] False",
    ]


def test_deep_recursion_under_raised_limit(tmp_path):
    # Exact-argument frames need no C stack either: 100,000 nested calls.
    path = tmp_path / "deep.py"
    path.write_text(textwrap.dedent("""
        import sys
        sys.setrecursionlimit(200000)
        def down(n): return 0 if n == 0 else 1 + down(n - 1)
        print(down(100000))
    """))
    on = run_fivefold(path, [], stage=2)
    assert compare(run_cpython(path, []), on) is None
    assert on.stdout.strip() == "100000"


# Which functions get a version when MAKE_FUNCTION makes them
# (s2.function_versions): only those a cached call can fit, so that a version of
# fivefold's is enough for a site to cache it without checking the code again.
KINDS = """
    import ctypes
    def version(f):
        return ctypes.c_uint32.from_address(id(f) + type(f).__basicsize__ - 8).value
    def make():
        def plain(a, b): return a
        def star(*a): return a
        def keywords(**k): return k
        def kwonly(a, *, k=1): return a
        def gen(a):
            yield a
        return plain, star, keywords, kwonly, gen
    plain, star, keywords, kwonly, gen = make()
    print("plain", version(plain) >= 2**31, "star", version(star), "keywords", version(keywords),
          "kwonly", version(kwonly), "gen", version(gen) >= 2**31)
    def site(f):
        return f(1)
    print([site(f) for f in (star, kwonly, star, kwonly)], version(star), version(kwonly))
"""


def test_versions_only_for_functions_a_cached_call_fits(tmp_path):
    path = tmp_path / "kinds.py"
    path.write_text(textwrap.dedent(KINDS))
    on = run_fivefold(path, [], stage=2)
    assert on.exit_code == 0, on.stderr
    assert on.stdout.splitlines() == [
        "plain True star 0 keywords 0 kwonly 0 gen True", "[(1,), 1, (1,), 1] 0 0",
    ]
    # s2.generator_exact_args off: a generator function's call cannot be cached.
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.generator_exact_args"})
    assert off.exit_code == 0, off.stderr
    assert off.stdout.splitlines()[0] == "plain True star 0 keywords 0 kwonly 0 gen False"


SITE = """
def f(a, b): return a
def g(a, b): return b
def h(a, b=2): return a
def run(fs, n):
    x = 0
    for i in range(n):
        x = fs[i & 1](i, 1)
    return x
run(%s, 100000)
"""


@counts_instructions
def test_polymorphic_site_recaches_cheaply(tmp_path):
    # One site calling f and g (then f and h, completed by a default) in turn,
    # against the same site calling f only: 100,000 calls. Re-caching through
    # ff_cache_exact_args' checks cost about 40 instructions a call (measured
    # 762 against 719 per iteration); with the store, 7.
    counts = {}
    for name, callees in (("mono", "[f, f]"), ("poly", "[f, g]"), ("defaults", "[f, h]")):
        path = tmp_path / f"{name}.py"
        path.write_text(SITE % callees)
        counts[name] = instructions(path, {})
    assert counts["poly"] - counts["mono"] < 100000 * 20, counts
    assert counts["defaults"] - counts["mono"] < 100000 * 20, counts
