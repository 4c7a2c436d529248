"""s2.inline_bound_calls: a call of a bound method object (stage 1's
CALL_BOUND_METHOD) whose function is fivefold's runs the function's frame in the
caller's loop, with the method's self first.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: results, argument binding (keywords,
defaults, keyword-only parameters, *args refused to the generic path), errors
worded by CPython's binding, tracebacks and frames, reference counts of self
and the function, weak references to the bound method, methods whose function
is not fivefold's (stage 1's path). One program shows the switch: 100,000 nested
calls through bound methods kept in attributes need no C stack with the change
on, and exhaust it with the change off."""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold
from members import assert_deep_recursion_needs_no_c_stack

OFF = "s2.inline_bound_calls"

PROGRAMS = {
    "shapes": """
        import sys
        class Sink:
            def __init__(self):
                self.parts = []
            def write(self, data, sep="", *, end=""):
                self.parts.append(data + sep + end)
                return len(self.parts)
            def many(self, *items):
                return len(items)
            def kw(self, **kw):
                return sorted(kw)
            def gen(self, n):
                yield from range(n)
            @classmethod
            def make(cls, tag):
                return cls.__name__ + tag
        class Holder:
            def __init__(self, sink):
                self.write = sink.write      # an instance attribute: LOAD_METHOD cannot split it
                self.many = sink.many
                self.kw = sink.kw
                self.gen = sink.gen
                self.make = Sink.make
        s = Sink()
        h = Holder(s)
        write = s.write                      # a local
        total = 0
        for i in range(300):
            total += h.write(str(i))
            total += h.write("a", "-")
            total += h.write("b", sep="+")
            total += h.write("c", end="!")
            total += write("d", "", end=".")
            total += h.many(i, i, i)
            total += len(h.kw(a=1, b=2))
            total += sum(h.gen(3))
            total += len(h.make("x"))
        print(total, len(s.parts), s.parts[:6], s.parts[-5:])
        # Binding errors at call sites the loop has specialized (stage 1's path
        # words them, with the change on as off).
        bad = [lambda m: m(), lambda m: m(1, 2, 3), lambda m: m("x", data="y"),
               lambda m: m("x", nope=1), lambda m: m("x", end=1), lambda m: m("x", "y", "z", end="")]
        for site in bad:
            for i in range(40):
                try:
                    site(h.write)
                    site(write)
                except TypeError as e:
                    last = str(e)
            print("TypeError", last)
        def call_bad(m, n):
            for i in range(n):
                m()
        try:
            call_bad(h.write, 100)
        except TypeError as e:
            print("TypeError", e)
    """,
    "frames_and_errors": """
        import sys, traceback
        class A:
            def f(self, x):
                if x == 7:
                    raise ValueError("seven")
                return sys._getframe().f_back.f_code.co_name, sys._getframe().f_lineno
            def g(self):
                return self.h()
            def h(self):
                return [f.f_code.co_name for f in traceback.extract_stack()][-3:]
        class B:
            def __init__(self, a):
                self.f = a.f
                self.g = a.g
        def run():
            b = B(A())
            out = []
            for i in range(20):
                try:
                    out.append(b.f(i))
                except ValueError:
                    traceback.print_exc(file=sys.stdout)
            out.append(b.g())
            return out
        print(run())
    """,
    "references": """
        import sys, weakref, gc
        class C:
            def m(self, x):
                return x
        c = C()
        class Box:
            pass
        box = Box()
        box.m = c.m
        before_self = sys.getrefcount(c)
        before_func = sys.getrefcount(C.m)
        for i in range(1000):
            box.m(i)
        print("self", sys.getrefcount(c) - before_self, "func", sys.getrefcount(C.m) - before_func)
        # The call's bound method is the only reference: it dies when the call
        # starts, its weakref callback runs, the call still completes.
        died = []
        class D:
            def m(self, x):
                return x * 2
        def fresh():
            bound = D().m
            r = weakref.ref(bound, lambda ref: died.append(1))
            holder = Box()
            holder.m = bound
            del bound
            return holder, r
        results = []
        for i in range(50):
            holder, r = fresh()
            results.append(holder.m(i))
            del holder
        gc.collect()
        print(sum(results), len(died))
        # A finalizer on self, whose last reference is the bound method's.
        class Fin:
            def __del__(self):
                print("finalized")
            def m(self):
                return "called"
        holder = Box()
        holder.m = Fin().m
        print(holder.m())
        del holder
        print("after del")
    """,
    "other_functions": """
        import types, textwrap, functools
        class Obj:
            pass
        o = Obj()
        # A method whose function is CPython's own (the standard library is not
        # compiled by fivefold here): stage 1's path.
        o.dedent = types.MethodType(textwrap.dedent, "    x\\n    y\\n")
        o.part = types.MethodType(functools.partial(lambda a, b: (a, b), 1), 2)
        o.cls = types.MethodType(lambda self: type(self).__name__, o)
        for i in range(100):
            r = (o.dedent(), o.part(), o.cls())
        print(r)
        # The function's __code__ replaced while its bound method is called.
        class K:
            def m(self):
                return "old"
        k = K()
        o.m = k.m
        out = []
        for i in range(60):
            if i == 30:
                K.m.__code__ = (lambda self: "new").__code__
            out.append(o.m())
        print(out[29], out[30], out[-1])
    """,
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        class Node:
            def __init__(self):
                self.down = self._down
            def _down(self, n):
                return 0 if n == 0 else 1 + self.down(n - 1)
        print(Node().down(100000))
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
    actual, path = _run(tmp_path, name, **env)
    diff = compare(run_cpython(path, []), actual)
    assert diff is None, diff


def test_switch_deep_bound_recursion_needs_no_c_stack(tmp_path):
    assert_deep_recursion_needs_no_c_stack(tmp_path, PROGRAMS["deep_under_raised_limit"], OFF)
