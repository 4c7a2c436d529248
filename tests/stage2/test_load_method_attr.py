"""s2.load_method_attr: LOAD_METHOD of the object's own attribute (in its values
array) that is not a method of its class pushes [NULL, attribute] from the
values array.

The member joins stage 1's LOAD_METHOD family through the seam. What must stay
CPython's: the attribute deleted or replaced, the object's values array given up
for a dict, the class gaining a method, a data descriptor or __getattr__ of that
name, a non-data descriptor on the class that the instance's value shadows,
several classes at one site, errors when the attribute is gone."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import members

PROGRAM = """
    import sys
    class Sink:
        def __init__(self):
            self.parts = []
        def write(self, x):
            self.parts.append(x)
            return len(self.parts)
    class Callable:
        def __call__(self, x):
            return ("callable", x)
    class P:
        def __init__(self, sink):
            self.write = sink.write           # a bound method
            self.append = sink.parts.append   # a builtin method
            self.fn = lambda x: ("lambda", x) # a function: no self passed
            self.obj = Callable()
            self.cls = Sink                   # a class
        def method(self):
            return "class method"

    def use(p, i):
        return (p.write(i), p.append(-i), p.fn(i), p.obj(i), type(p.cls()).__name__)

    s = Sink()
    p = P(s)
    for i in range(100):
        r = use(p, i)
    print(r, len(s.parts))

    # The attribute replaced, deleted (AttributeError), set again.
    def call_write(p, x):
        return p.write(x)
    for i in range(60):
        call_write(p, i)
    p.write = lambda x: ("replaced", x)
    print(call_write(p, 1))
    del p.write
    try:
        call_write(p, 2)
    except AttributeError as e:
        print("AttributeError", e)
    p.write = s.write
    print(call_write(p, 3))

    # The object's values array given up for a dict.
    q = P(Sink())
    for i in range(60):
        call_write(q, i)
    q.__dict__["write"] = lambda x: ("dict", x)
    print(call_write(q, 4))
    vars(q)["extra"] = 1
    print(call_write(q, 5))

    # The class gains a method of that name (the instance's value still wins),
    # then a data descriptor (the descriptor wins), then loses it.
    r = P(Sink())
    for i in range(60):
        call_write(r, i)
    P.write = lambda self, x: ("class method", x)
    print(call_write(r, 6))
    P.write = property(lambda self: (lambda x: ("property", x)))
    print(call_write(r, 7))
    del P.write
    print(call_write(r, 8))

    # A method of the class shadowed by the instance's value from the start.
    class Shadow:
        def __init__(self):
            self.method = lambda: "instance value"
        def method(self):
            return "class method"
    def call_method(o):
        return o.method()
    objs = [Shadow() for _ in range(3)]
    for i in range(60):
        out = [call_method(o) for o in objs]
    print(out)

    # Several classes at one site, one with __getattr__, one with __slots__.
    class A:
        def __init__(self):
            self.write = lambda x: ("A", x)
    class G:
        def __getattr__(self, name):
            return lambda x: ("G getattr", name, x)
    class S:
        __slots__ = ("write",)
        def __init__(self):
            self.write = lambda x: ("S", x)
    mixed = [A(), G(), S(), P(Sink())]
    for i in range(60):
        out = [call_write(o, i) for o in mixed]
    print(out)

    # __getattr__ added to the class later does not matter while the
    # attribute exists; __getattribute__ does.
    for i in range(60):
        call_write(mixed[0], i)
    A.__getattribute__ = lambda self, name: (lambda x: ("A getattribute", name, x))
    print(call_write(mixed[0], 9))
    del A.__getattribute__
    print(call_write(mixed[0], 10))

    # Reference counts: the attribute's count is back where it was.
    t = P(Sink())
    before = sys.getrefcount(t.fn)
    for i in range(1000):
        t.fn(i)
    print("refcount delta", sys.getrefcount(t.fn) - before)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "attrs.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.load_method_attr", setting)


SITE = """
    class P:
        def __init__(self):
            self.write = [].append
    def call(p, i):
        p.write(i)
    p = P()
    for i in range(400):
        call(p, i)
"""


def test_switch_the_member_is_used():
    assert members(SITE, "call", "LOAD_METHOD") == ["LOAD_METHOD_INSTANCE_ATTR"]
    assert members(SITE, "call", "LOAD_METHOD", {"FIVEFOLD_WITHOUT": "s2.load_method_attr"}) == ["LOAD_METHOD"]
    assert members(SITE, "call", "LOAD_METHOD", {"FIVEFOLD_STAGE": "1"}) == ["LOAD_METHOD"]


def test_a_data_descriptor_on_the_class_is_refused():
    source = SITE.replace("class P:", "class P:\n        write = property(lambda self: print)") \
                 .replace("self.write = [].append", "pass")
    assert members(source, "call", "LOAD_METHOD") != ["LOAD_METHOD_INSTANCE_ATTR"]
