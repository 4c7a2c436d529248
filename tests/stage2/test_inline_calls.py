"""s2.inline_calls: calls of fivefold functions run in the caller's loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same. One program shows the switch: under a
raised recursion limit, 100,000 nested calls need no C stack when frames are
pushed in the loop (as in CPython 3.11), and exhaust it when every call
re-enters the evaluator."""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold

PROGRAMS = {
    "argument_shapes": """
        def exact(a, b): return a - b
        def defaults(a, b=10, c=(1, 2)): return (a, b, c)
        def kw(a, *, k=3): return a + k
        def star(*args, **kwargs): return (args, sorted(kwargs))
        def cells(x):
            def inner(y): return x + y
            return inner
        class Base:
            def who(self, n=1): return ("Base", n)
        class Child(Base):
            def who(self, n=2): return ("Child",) + super().who(n)
            @staticmethod
            def s(v): return v * 3
            @classmethod
            def c(cls, v): return (cls.__name__, v)
        for i in range(3):   # twice to specialize, once specialized
            print(exact(5, 2), exact(b=1, a=4), defaults(1), defaults(1, 2), defaults(1, 2, 3))
            print(kw(1), kw(1, k=5), star(1, 2, x=3), star(*[1], **{"y": 2}))
            print(cells(1)(2), Child().who(), Child().who(7), Child.s(2), Child.c(4))
            print(sorted([3, 1, 2], key=lambda v: -v), list(map(exact, [5, 6], [1, 1])))
    """,
    "frames_and_tracebacks": """
        import inspect, sys, traceback
        def leaf():
            f = sys._getframe()
            return [f.f_code.co_name, f.f_back.f_code.co_name, f.f_back.f_back.f_code.co_name]
        def middle(): return leaf()
        def top(): return middle()
        for _ in range(3):
            print(top())
            print([fi.function for fi in inspect.stack()[:1]])
        saved = []
        def keep(): saved.append(sys._getframe()); return 1
        def caller(): return keep() + 1
        for _ in range(3):
            caller()
        print([(f.f_code.co_name, f.f_back.f_code.co_name, f.f_lineno) for f in saved])
        def boom(n):
            if n == 0:
                raise ValueError("deep")
            return boom(n - 1)
        for _ in range(3):
            try:
                boom(3)
            except ValueError:
                print("".join(traceback.format_exc().splitlines(True)[-9:]))
        def guarded(n):
            try:
                return boom(n)
            except ValueError as e:
                return ("caught", str(e))
            finally:
                print("finally", n)
        print(guarded(2), guarded(0))
    """,
    "recursion": """
        import sys
        def depth(n):
            try:
                return depth(n + 1)
            except RecursionError:
                return n
        print(depth(0) > 900)
        def even(n): return True if n == 0 else odd(n - 1)
        def odd(n): return False if n == 0 else even(n - 1)
        print(even(500), odd(301))
        def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
        print(fib(20))
        def gen(n):
            yield from range(n)
        def total(n): return sum(gen(n))
        print([total(i) for i in range(5)])
        sys.setrecursionlimit(200)
        def down(n): return 0 if n == 0 else 1 + down(n - 1)
        try:
            down(1000)
        except RecursionError as e:
            print("RecursionError:", e)
        print(down(150))
    """,
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        def down(n): return 0 if n == 0 else 1 + down(n - 1)
        print(down(100000))
    """,
}


def _run(tmp_path, name, **env):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    return run_fivefold(path, [], stage=2, env=env or None), path


@pytest.mark.parametrize("name", [n for n in PROGRAMS if n != "deep_under_raised_limit"])
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    env = {"FIVEFOLD_WITHOUT": "s2.inline_calls"} if setting == "off" else {}
    actual, path = _run(tmp_path, name, **env)
    diff = compare(run_cpython(path, []), actual)
    assert diff is None, diff


def test_switch_deep_recursion_needs_no_c_stack(tmp_path):
    # On: as CPython 3.11, whose Python-to-Python calls use no C stack either.
    on, path = _run(tmp_path, "deep_under_raised_limit")
    assert compare(run_cpython(path, []), on) is None
    assert on.stdout.strip() == "100000"
    # Off: every call re-enters the evaluator in C, and the C stack guard stops it.
    off, _ = _run(tmp_path, "deep_under_raised_limit", FIVEFOLD_WITHOUT="s2.inline_calls")
    assert off.exit_code != 0 and "RecursionError" in off.stderr
