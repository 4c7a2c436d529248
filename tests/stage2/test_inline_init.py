"""s2.inline_init: __init__ of a Python class call runs in the caller's loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same (results, errors, tracebacks, the recursion
depth at which class calls fail, the frames __init__ sees)."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change, run_fivefold

PROGRAM = """
    import sys, traceback
    class V:
        def __init__(self, x, y=0, *, z=1):
            self.x, self.y, self.z = x, y, z
        def __repr__(self):
            return f"V({self.x},{self.y},{self.z})"
    class Bad:
        def __init__(self):
            return 5
    class Raises:
        def __init__(self, v):
            if v:
                raise ValueError(v)
    class Rec:
        def __init__(self, n):
            self.child = Rec(n - 1) if n else None
    class Who:
        def __init__(self):
            self.caller = sys._getframe(1).f_code.co_name
            self.back = sys._getframe().f_back.f_code.co_name
    class Slots:
        __slots__ = ("a",)
        def __init__(self, a):
            self.a = a
    def depth(n):
        try:
            Rec(n)
            return "ok"
        except RecursionError:
            return "RecursionError"
    def make():
        w = Who()
        return w.caller, w.back
    for i in range(4):
        print(V(1), V(1, 2), V(1, z=3), V(x=5), Slots(i).a)
        for bad in (lambda: Bad(), lambda: V(), lambda: V(1, 2, 3), lambda: V(1, q=2)):
            try:
                bad()
            except TypeError as e:
                print("TypeError", e)
        try:
            Raises(i)
        except ValueError:
            print(traceback.format_exc().splitlines()[-5:])
        print(depth(300), depth(480), depth(520), make())
        try:
            [Raises(j) for j in range(2)]
        except ValueError as e:
            print("in a comprehension", e)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "classes.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.inline_init", setting)


def test_switch_nested_class_calls_need_no_c_stack(tmp_path):
    # 50,000 objects each made inside the previous one's __init__: in the loop,
    # no C stack per level; with the change off each __init__ is a C call into
    # the evaluator and the C stack guard stops it (CPython 3.11 recurses in C
    # here too, through type_call, so it is not the reference for this one).
    path = tmp_path / "nested.py"
    path.write_text(textwrap.dedent("""
        import sys
        sys.setrecursionlimit(250000)
        class Node:
            def __init__(self, n):
                self.next = Node(n - 1) if n else None
        node, count = Node(50000), 0
        while node is not None:
            node, count = node.next, count + 1
        print(count)
    """))
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout.strip()) == (0, "50001")
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.inline_init"})
    assert off.exit_code != 0 and "RecursionError" in off.stderr
