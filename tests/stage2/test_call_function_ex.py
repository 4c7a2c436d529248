"""s2.call_function_ex: `f(*args, **kwargs)` of a fivefold function (or a
bound method of one) pushes the callee's frame in the loop. It measured no
gain and is off by default (stage2/README.md); it is switched on here with
FIVEFOLD_WITH.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: every argument shape through * and **
(defaults, keyword-only parameters, *args and **kwargs, bound and unbound
methods, forwarding wrappers, lists and other iterables after *, mappings
that are not dicts after **), the TypeErrors CPython words (missing, too
many, multiple values, non-str keywords, not iterable, not a mapping), more
arguments than the fast path gathers, generator functions, C callables, the
arguments' reference counts, and tracebacks through such frames. The switch
shows in deep recursion through `f(*args)` needing no C stack with the change
on (as CPython 3.11's CALL_FUNCTION_EX does not: there it recurses in C, so
the on case is compared with CPython at a depth both reach)."""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold

ON = OFF = "s2.call_function_ex"

PROGRAMS = {
    "shapes": """
        import sys, traceback
        from collections import UserDict
        def f(a, b=2, *args, c=3, **kw):
            return a, b, args, c, kw
        def g(x, y):
            return x + y
        def gen(*a):
            yield from a
        class K:
            def m(self, *a, **k):
                return a, k
            def plain(self, x):
                return x
        def wrap(*a, **k):
            return f(*a, **k)
        def many(*a):
            return len(a)
        k = K()
        for i in range(300):
            r = (f(*(1,)), f(*(1, 2, 3, 4)), f(*(1,), **{"c": 5, "z": 6}), g(*[1, 2]), g(**{"x": 1, "y": 2}),
                 k.m(*(1, 2), **{"q": 1}), wrap(1, 2, 3, c=4, d=5), K.m(k, *()), k.plain(*(i,)),
                 list(gen(*(1, 2))), max(*(3, 4)), many(*range(40)), f(*iter([7, 8])),
                 g(**UserDict(x=1, y=2)))
        print(r)
        bads = (lambda: g(*(1,)), lambda: g(*(1, 2, 3)), lambda: g(1, **{"x": 2}), lambda: g(**{1: 2}),
                lambda: g(*(1,), **{"y": 2, "z": 3}), lambda: f(**{"a": 1, "b": 2, "args": 3, "c": 1}),
                lambda: g(*1), lambda: g(**[1]), lambda: k.plain(*(1, 2)))
        for bad in bads:
            try:
                print(bad())
            except TypeError as e:
                print("TypeError", e)
        o = object()
        before = sys.getrefcount(o)
        for i in range(100):
            f(*(o, o), **{"kk": o})
            k.m(*[o], **{"o": o})
        print("delta", sys.getrefcount(o) - before)
        def boom(*a, **kw):
            raise ValueError(sys._getframe(1).f_code.co_name, a, kw)
        def caller():
            return boom(*(1,), **{"z": 2})
        try:
            caller()
        except ValueError as e:
            print("ValueError", e, [fr.name for fr in traceback.extract_tb(e.__traceback__)])
    """,
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        def down(n, *rest):
            return 0 if n == 0 else 1 + down(*(n - 1,))
        print(down(100000))
    """,
}


def _run(tmp_path, name, **env):
    env = env or {"FIVEFOLD_WITH": ON}
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    return run_fivefold(path, [], stage=2, env=env), path


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    env = {"FIVEFOLD_WITHOUT": OFF} if setting == "off" else {"FIVEFOLD_WITH": ON}
    result, path = _run(tmp_path, "shapes", **env)
    diff = compare(run_cpython(path, []), result)
    assert diff is None, diff


def test_switch_deep_recursion_needs_no_c_stack(tmp_path):
    # On: the frames are pushed in the loop, so the raised limit is what counts.
    on, _ = _run(tmp_path, "deep_under_raised_limit")
    assert on.exit_code == 0 and on.stdout.strip() == "100000", on.stderr[-2000:]
    # Off: every call re-enters the evaluator in C, and the C stack guard stops it.
    off, _ = _run(tmp_path, "deep_under_raised_limit", FIVEFOLD_WITHOUT=OFF)
    assert off.exit_code != 0 and "RecursionError" in off.stderr
