"""s2.call_varargs: calls of fivefold functions with *args or **kwargs push
the callee's frame in the loop, the extra positional arguments bound as the
*args tuple and the keywords that name no parameter as the **kwargs dict.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: every argument shape (positional-only
names given as keywords go into **kwargs, keyword-only parameters, defaults,
methods, class calls with such an __init__, generator functions), the
TypeErrors CPython's binding words (multiple values, missing, unexpected),
the *args tuple's and **kwargs dict's identity and the arguments' reference
counts after the calls, tracebacks through such frames. The switch shows
twice: 100,000 nested calls of a `def f(n, *args, **kwargs)` under a raised
recursion limit need no C stack with the change on (as in CPython 3.11) and
exhaust it with the change off, when each call re-enters the evaluator; and a
loop of such calls costs fewer instructions (cachegrind)."""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold
from members import assert_deep_recursion_needs_no_c_stack, counts_instructions, instructions_on_and_off

OFF = "s2.call_varargs"

PROGRAMS = {
    "shapes": """
        import sys
        def f(a, *args, **kw):
            return a, args, kw
        def g(*args):
            return args
        def h(a, /, b=2, **kw):
            return a, b, kw
        def k(a, *rest, b, c=3, **kw):
            return a, rest, b, c, sorted(kw.items())
        class C:
            def m(self, *args, **kw):
                return type(self).__name__, args, kw
            @staticmethod
            def s(*args):
                return args
        class P:
            def __init__(self, *args, **kw):
                self.args, self.kw = args, kw
        def gen(*args, **kw):
            yield from args
            yield from kw
        c = C()
        for i in range(300):
            r = (f(i), f(i, 2, 3), f(i, x=1, y=2), f(i, 2, z=3), g(), g(1, 2), h(1, a=5), h(1, 3, c=4),
                 h(a=1) if False else None, k(1, b=2, z=3), k(1, 2, 3, b=4, c=5, d=6),
                 c.m(i, q=1), C.m(c, 1), C.s(1, 2), P(1, y=2).kw, list(gen(1, 2, w=3)))
        print(r)
        # A fresh tuple and dict per call, never shared between calls.
        t1, t2 = g(1), g(1)
        print(t1 == t2, t1 is t2)
        d1, d2 = f(0, x=1)[2], f(0, x=1)[2]
        print(d1 == d2, d1 is d2, type(d1))
        # CPython's errors.
        for call in (lambda: f(), lambda: f(1, a=2), lambda: k(1), lambda: h(b=2),
                     lambda: g(x=1), lambda: k(1, 2, b=3, b2=4, c=5, a=0)):
            try:
                call()
            except TypeError as e:
                print("TypeError", e)
        # Reference counts of arguments after many calls: nothing kept, nothing lost.
        o = object()
        before = sys.getrefcount(o)
        for i in range(1000):
            f(o, o, key=o)
            g(o, o)
            h(o, o, x=o)
        print("delta", sys.getrefcount(o) - before)
        # A keyword built at run time (not interned) naming a parameter.
        name = "".join(["b"])
        def kwonly(*, b, **kw):
            return b, kw
        print(kwonly(**{name: 1}), kwonly(b=2, **{"x" + "y": 3}))
    """,
    "tracebacks": """
        import sys, traceback
        def inner(*args, **kw):
            if args and args[0] == 0:
                raise ValueError(sys._getframe().f_back.f_code.co_name, len(args), sorted(kw))
            return inner(args[0] - 1, *args[1:], **kw)
        try:
            inner(5, "x", k=1)
        except ValueError as e:
            print("ValueError", e)
            print(len(traceback.extract_tb(e.__traceback__)))
        def frames(*a):
            return [f.f_code.co_name for f in traceback.extract_stack()][-3:]
        def caller(**kw):
            return frames(1, 2)
        print(caller(z=1))
    """,
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        def down(n, *args, **kwargs):
            return 0 if n == 0 else 1 + down(n - 1)
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
    env = {"FIVEFOLD_WITHOUT": OFF} if setting == "off" else {}
    result, path = _run(tmp_path, name, **env)
    diff = compare(run_cpython(path, []), result)
    assert diff is None, diff


def test_switch_deep_recursion_needs_no_c_stack(tmp_path):
    assert_deep_recursion_needs_no_c_stack(tmp_path, PROGRAMS["deep_under_raised_limit"], OFF)


LOOP = """
def debug(msg, *args, **kwargs):
    return msg
def run():
    for i in range(100000):
        debug(i)
run()
"""


@counts_instructions
def test_switch_fewer_instructions_per_call(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, OFF)
    # 100,000 calls: leaving the loop through _PyEval_Vector and PEP 523 costs
    # hundreds of instructions a call; start-up noise is a few thousand.
    assert off - on > 100000 * 50, (on, off)
