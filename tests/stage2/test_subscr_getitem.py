"""s2.subscr_getitem: `obj[key]` through a class's __getitem__ that is a
fivefold function pushes its frame in the loop (BINARY_SUBSCR_GETITEM).

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same: results through classes and subclasses,
IndexError/KeyError raised inside __getitem__ (and the traceback's frames),
iteration by the old __getitem__ protocol, __getitem__ replaced on the class or
on a base after the site specialized, replaced by a function with a default
or a lambda, by a C function, deleted; a __getitem__ whose __code__ is
replaced; an instance attribute named __getitem__ (which subscripts ignore);
the key's and the object's reference counts. The switch shows in the members
of the function's BINARY_SUBSCR (BINARY_SUBSCR_GETITEM on, the generic
instruction off) and in deep recursion through subscripts needing no C stack."""

from __future__ import annotations

import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold
from members import assert_deep_recursion_needs_no_c_stack, members

OFF = "s2.subscr_getitem"

PROGRAMS = {
    "behaviour": """
        import sys, traceback
        class A:
            def __init__(self, d):
                self.d = d
            def __getitem__(self, i):
                return self.d[i]
        class B(A):
            pass
        class G:
            def __getitem__(self, i):
                if i > 5:
                    raise IndexError(i)
                return i * 2
        def subscript(o, k):
            return o[k]
        def run():
            a, b = A([1, 2, 3]), B({"x": 4, 0: 5, 1: 6, 2: 7})
            t = 0
            for i in range(3000):
                t += subscript(a, i % 3) + subscript(b, i % 3)
            print(t, list(G()), tuple(G()))
            for o, k in ((a, 10), (b, "nope")):
                try:
                    subscript(o, k)
                except LookupError as e:
                    print(type(e).__name__, e, len(traceback.extract_tb(e.__traceback__)))
            a.__getitem__ = lambda i: "instance attribute, ignored"
            print(subscript(a, 0))
            A.__getitem__ = lambda self, i: -i
            print(subscript(a, 2), subscript(b, 2))
            def with_default(self, i, extra=1):
                return i + extra
            A.__getitem__ = with_default
            print(subscript(a, 5))
            B.__getitem__ = dict.get
            print(subscript(b, 0) if False else subscript(A([9]), 0))
            def two(self, i):
                return ("two", i)
            A.__getitem__ = two
            for i in range(100):
                subscript(a, i)
            two.__code__ = (lambda self, i: ("new code", i)).__code__
            print(subscript(a, 1))
            del A.__getitem__
            try:
                subscript(a, 1)
            except TypeError as e:
                print("TypeError", e)
            class R:
                def __getitem__(self, k):
                    return sys.getrefcount(k)
            key, r = object(), R()
            before = sys.getrefcount(key), sys.getrefcount(r)
            for i in range(1000):
                subscript(r, key)
            print("delta", sys.getrefcount(key) - before[0], sys.getrefcount(r) - before[1])
        run()
    """,
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        class Down:
            def __getitem__(self, n):
                return 0 if n == 0 else 1 + self[n - 1]
        print(Down()[100000])
    """,
}


def _run(tmp_path, name, **env):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    return run_fivefold(path, [], stage=2, env=env or None), path


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    env = {"FIVEFOLD_WITHOUT": OFF} if setting == "off" else {}
    result, path = _run(tmp_path, "behaviour", **env)
    diff = compare(run_cpython(path, []), result)
    assert diff is None, diff


def test_switch_deep_recursion_needs_no_c_stack(tmp_path):
    assert_deep_recursion_needs_no_c_stack(tmp_path, PROGRAMS["deep_under_raised_limit"], OFF)


WARM = """
class A:
    def __getitem__(self, i):
        return i
def f(o):
    return o[1]
for i in range(100):
    f(A())
"""


def test_switch_member():
    assert members(WARM, "f", "BINARY_SUBSCR") == ["BINARY_SUBSCR_GETITEM"]
    assert members(WARM, "f", "BINARY_SUBSCR", {"FIVEFOLD_WITHOUT": OFF}) == ["BINARY_SUBSCR"]
