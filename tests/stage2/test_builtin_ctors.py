"""s2.builtin_ctors: int(x), float(x), tuple(x) of one argument without type_call.

Programs run under CPython, at stage 2, and with the change off must print the
same: results and exact types for ints, floats, strs, bools, big ints, objects
with __int__/__float__/__index__, bad arguments and their messages, the forms
the fast path leaves alone (keywords, a base, no argument), and int shadowed by a
global, a local or a class attribute that is something else. The switch shows in
where int(x) runs: the generic call goes through type_call, which checks the
recursion limit; the fast path does not call anything."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change, compare, run_cpython, run_fivefold

PROGRAM = """
    import builtins
    def ctors():
        out = []
        for x in (3, -7, 2**40, 2.75, -0.5, "12", " 42 ", "1_000", True, 1e300):
            out.append((int(x), float(x), type(int(x)).__name__))
        for x in ((1, 2), [3, 4], "ab", range(3), {5: 6}, iter([7])):
            out.append(tuple(x))
        class I:
            def __index__(self): return 9
            def __float__(self): return 1.25
            def __int__(self): return 4
        class T:
            def __trunc__(self): return 11
        class F(float):
            pass
        out.append((int(I()), float(I()), type(float(F(2.5))).__name__, int(F(2.5))))
        for bad in ("x", [1], None, 10**400, T(), float("nan")):
            for ctor in (int, float):
                try:
                    out.append(ctor(bad))
                except Exception as e:
                    out.append((ctor.__name__, type(e).__name__, str(e)))
        for bad in (5, None):
            try:
                tuple(bad)
            except TypeError as e:
                out.append(str(e))
        t = (1, 2)
        out.append((int("10", 2), int(), float(), tuple(), tuple(t) is t, int(x=5) if False else 0))
        return out
    for _ in range(3):
        print(ctors())
    int = lambda x: "shadowed"          # a global named int
    def shadow():
        return [int(3) for _ in range(3)]
    print(shadow())
    del int
    def local_shadow(float=str):
        return [float(3) for _ in range(3)]
    print(local_shadow(), [int(3.9) for _ in range(3)])
    class M:
        int = builtins.int
        def f(self):
            return [self.int(2.5) for _ in range(3)]
    print(M().f())
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "ctors.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.builtin_ctors", setting)


def test_recursion_limit_as_cpython(tmp_path):
    # At the recursion limit CPython's int(x) fails (type_call is reached through
    # _PyObject_MakeTpCall, which counts a level) and float(x) does not (its
    # vectorcall constructor is called directly); so does the fast path.
    path = tmp_path / "limit.py"
    path.write_text(textwrap.dedent("""
        import sys
        def deepest(n, ctor):
            try:
                return deepest(n + 1, ctor)
            except RecursionError:
                try:
                    return ctor(7.5)
                except RecursionError:
                    return "RecursionError"
        sys.setrecursionlimit(200)
        for _ in range(3):
            print(deepest(0, int), deepest(0, float))
    """))
    expected = run_cpython(path, [])
    assert expected.stdout == "RecursionError 7.5\n" * 3
    for env in (None, {"FIVEFOLD_WITHOUT": "s2.builtin_ctors"}):
        diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
        assert diff is None, diff
