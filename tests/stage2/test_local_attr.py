"""s2.local_attr: `local.name` read in one dispatch (LOAD_FAST__LOAD_ATTR).

Stage 2's quickening writes the pair over a LOAD_FAST whose next unit is a
LOAD_ATTR; while the LOAD_ATTR is specialized to a member local_attr.h knows
and its guards hold, the attribute is read with the object borrowed from the
local and the LOAD_ATTR is skipped. Every case where a guard must fail or the
LOAD_ATTR must run (a class changed under the site, an attribute deleted, a
__getattr__, an unbound local, a jump to the LOAD_ATTR, tracing) gives
CPython's output, with the change on and off.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import counts_instructions, instructions_on_and_off, opnames

PROGRAM = """
    import sys

    class P:
        def __init__(self, x):
            self.x = x
            self.y = [x]
        def get(self):
            return self.x, self.y[0]

    class Q(P):
        pass

    class R(P):
        def __init__(self, x):
            super().__init__(x)
            self.z = 0

    class S:
        __slots__ = ("a", "b")
        def __init__(self):
            self.a = 5
        def get(self):
            return self.a

    class D:
        def __init__(self):
            self.__dict__          # the values array gives way to a dict
            self.z = "dict"
        def get(self):
            return self.z

    def attr_of(o):
        return o.x

    total = 0
    objs = [P(1), Q(2), R(3), P(4)]
    for i in range(200):
        for o in objs:
            x, y = o.get()
            total += x + y + attr_of(o)
    print("monomorphic and polymorphic", total)
    s, d = S(), D()
    print("slot and hint", [s.get() for _ in range(100)][-1], [d.get() for _ in range(100)][-1])

    # The slot emptied, the dict's attribute deleted, a values-array attribute deleted.
    del s.a
    try:
        s.get()
    except AttributeError as e:
        print("AttributeError", e)
    del d.z
    try:
        d.get()
    except AttributeError as e:
        print("AttributeError", e, e.__traceback__.tb_next.tb_lineno)
    p = P(7)
    for i in range(100):
        p.get()
    del p.x
    try:
        p.get()
    except AttributeError as e:
        print("AttributeError", e, e.__traceback__.tb_next.tb_lineno)

    # The class changed under a warm site: a property, then a __getattr__ for a missing one.
    p = P(8)
    for i in range(100):
        p.get()
    P.x = property(lambda self: "property")
    print(p.get())
    del P.x
    print(p.get())
    P.__getattr__ = lambda self, name: "getattr " + name
    del p.y
    for i in range(3):
        print(p.get() if hasattr(p, "y") else attr_of(p), p.y)
    del P.__getattr__

    # The value replaced between reads; a reference count kept right.
    o = P(9)
    marker = object()
    o.x = marker
    before = sys.getrefcount(marker), sys.getrefcount(o)
    for i in range(500):
        attr_of(o)
    print("refcounts", (sys.getrefcount(marker), sys.getrefcount(o)) == before)

    # An unbound local in the pair, and a LOAD_ATTR that is a jump target.
    def unbound(flag):
        if flag:
            q = P(1)
        return q.x
    for i in range(50):
        unbound(True)
    try:
        unbound(False)
    except UnboundLocalError as e:
        print("UnboundLocalError", e)
    def either(a, b):
        return (a or b).x
    for i in range(100):
        either(None, P(i))
        either(P(i), None)
    print(either(None, P("b")), either(P("a"), None))

    # Traced while the pair is warm: each instruction its line events, as CPython.
    events = []
    def tracer(frame, event, arg):
        if frame.f_code.co_name == "get":
            events.append((event, frame.f_lineno))
        return tracer
    sys.settrace(tracer)
    P(1).get()
    sys.settrace(None)
    print(events)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "local_attr.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.local_attr", setting)


WARM = """
    class P:
        def __init__(self):
            self.x = 1
    def get(p):
        return p.x
    for i in range(20):
        get(P())
"""


def test_switch_the_pair_is_written():
    assert opnames(WARM, "get")[1:3] == ["LOAD_FAST__LOAD_ATTR", "LOAD_ATTR_INSTANCE_VALUE"]
    assert opnames(WARM, "get", {"FIVEFOLD_WITHOUT": "s2.local_attr"})[1:3] == ["LOAD_FAST", "LOAD_ATTR_INSTANCE_VALUE"]
    assert opnames(WARM, "get", {"FIVEFOLD_STAGE": "1"})[1:3] == ["LOAD_FAST", "LOAD_ATTR_INSTANCE_VALUE"]


LOOP = """
class P:
    __slots__ = ("s",)
    def __init__(self):
        self.s = 3
class V:
    def __init__(self):
        self.v = 2
def run(p, q):
    t = 0
    for i in range(100000):
        t += p.s + q.v
    return t
print(run(P(), V()))
"""


@counts_instructions
def test_switch_fewer_instructions(tmp_path):
    on, off = instructions_on_and_off(tmp_path, LOOP, "s2.local_attr")
    # Two pairs an iteration, each a dispatch and an incref and decref fewer.
    assert off - on > 2 * 100000 * 4, (on, off)
