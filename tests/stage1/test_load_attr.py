"""s1.load_attr: LOAD_ATTR and LOAD_METHOD by where the attribute lives, guarded
by type versions (any change to the class or a base) and key versions."""

from __future__ import annotations

import types

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

CLASSES = """
class P:
    limit = 7
    def __init__(self, x):
        self.x = x
    def get(self):
        return self.x
    @property
    def double(self):
        return self.x * 2

class S:
    __slots__ = ("a",)
    kind = "slotted"
    def __init__(self, a):
        self.a = a

def read_x(o):
    return o.x

def read_a(o):
    return o.a

def read_double(o):
    return o.double

def read_limit(o):
    return o.limit

def read_kind(o):
    return o.kind

def call_get(o):
    return o.get()

def call_upper(o):
    return o.upper()
"""


def warmed(ns, name, *args):
    f = ns[name]
    first = f(*args)
    assert f(*args) == first
    return f, first


@pytest.mark.parametrize("func, make, family, member, expected", [
    ("read_x", lambda ns: ns["P"](3), "LOAD_ATTR", "LOAD_ATTR_INSTANCE_VALUE", 3),
    ("read_a", lambda ns: ns["S"](4), "LOAD_ATTR", "LOAD_ATTR_SLOT", 4),
    ("read_double", lambda ns: ns["P"](5), "LOAD_ATTR", "LOAD_ATTR_PROPERTY", 10),
    ("read_limit", lambda ns: ns["P"](0), "LOAD_ATTR", "LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES", 7),
    ("read_kind", lambda ns: ns["S"](0), "LOAD_ATTR", "LOAD_ATTR_NONDESCRIPTOR_NO_DICT", "slotted"),
    ("read_limit", lambda ns: ns["P"], "LOAD_ATTR", "LOAD_ATTR_CLASS", 7),
    ("read_x", lambda ns: _module(x=9), "LOAD_ATTR", "LOAD_ATTR_MODULE", 9),
    ("call_get", lambda ns: ns["P"](6), "LOAD_METHOD", "LOAD_METHOD_WITH_VALUES", 6),
    ("call_upper", lambda ns: "ab", "LOAD_METHOD", "LOAD_METHOD_NO_DICT", "AB"),
])
def test_specializes_after_two_runs(func, make, family, member, expected):
    ns = load(CLASSES)
    f, result = warmed(ns, func, make(ns))
    assert result == expected
    assert family_members(f, family) == [member]


def _module(**attrs):
    module = types.ModuleType("m")
    module.__dict__.update(attrs)
    return module


def test_instance_dict_materialized_uses_the_hint():
    ns = load(CLASSES)
    p = ns["P"](1)
    p.__dict__["other"] = 2          # the values array becomes a dict
    f, result = warmed(ns, "read_x", p)
    assert result == 1
    assert family_members(f, "LOAD_ATTR") == ["LOAD_ATTR_WITH_HINT"]
    p.__dict__.clear()
    with pytest.raises(AttributeError, match="'P' object has no attribute 'x'"):
        f(p)
    p.x = 5
    assert f(p) == 5


def test_class_changes_after_specialization():
    ns = load(CLASSES)
    P = ns["P"]
    p = P(3)
    read_x, _ = warmed(ns, "read_x", p)
    call_get, _ = warmed(ns, "call_get", p)
    read_limit, _ = warmed(ns, "read_limit", p)
    P.x = property(lambda self: "property now")          # a data descriptor wins over the instance
    assert read_x(p) == "property now"
    del P.x
    assert read_x(p) == 3
    P.get = lambda self: "replaced"
    assert call_get(p) == "replaced"
    p.get = lambda: "on the instance"                      # the instance shadows the method
    assert call_get(p) == "on the instance"
    del p.get
    P.limit = 8
    assert read_limit(p) == 8
    p.limit = 9
    assert read_limit(p) == 9
    P.__getattribute__ = lambda self, name: f"<{name}>"
    assert (read_x(p), read_limit(p)) == ("<x>", "<limit>")


def test_getattr_added_later_and_missing_attributes():
    ns = load(CLASSES)
    P = ns["P"]
    read_x, _ = warmed(ns, "read_x", P(1))
    q = P(2)
    del q.x
    with pytest.raises(AttributeError, match="'P' object has no attribute 'x'"):
        read_x(q)
    P.__getattr__ = lambda self, name: f"fallback {name}"
    assert read_x(q) == "fallback x"
    assert read_x(P(4)) == 4


def test_module_attribute_rebound_and_deleted():
    ns = load(CLASSES)
    module = _module(x=1)
    read_x, _ = warmed(ns, "read_x", module)
    module.x = 2
    assert read_x(module) == 2
    module.y = 0                                      # a new key: the guard fails, still right
    assert read_x(module) == 2
    del module.x
    with pytest.raises(AttributeError, match="module 'm' has no attribute 'x'"):
        read_x(module)


def test_class_attribute_of_a_class_with_a_metaclass_or_changed():
    ns = load(CLASSES)
    P = ns["P"]
    read_limit, _ = warmed(ns, "read_limit", P)
    P.limit = 10
    assert read_limit(P) == 10

    class Meta(type):
        limit = "from the metaclass"

    class Q(metaclass=Meta):
        pass

    assert read_limit(Q) == "from the metaclass"
    Q.limit = "own"
    assert read_limit(Q) == "own"


def test_slots_deleted_and_other_classes():
    ns = load(CLASSES)
    S = ns["S"]
    read_a, _ = warmed(ns, "read_a", S(1))
    s = S(2)
    del s.a
    with pytest.raises(AttributeError, match="a"):
        read_a(s)

    class T:
        __slots__ = ("b", "a")

    t = T()
    t.a, t.b = "t.a", "t.b"
    assert read_a(t) == "t.a"           # another class with the slot at another offset
    assert read_a(S(3)) == 3


def test_method_calls_on_builtin_types_stay_right():
    ns = load(CLASSES)
    call_upper, _ = warmed(ns, "call_upper", "x")

    class Shout(str):
        def upper(self):
            return "overridden"

    assert call_upper(Shout("a")) == "overridden"
    assert call_upper(b"ab") == b"AB"
    with pytest.raises(AttributeError, match="'int' object has no attribute 'upper'"):
        call_upper(1)
    assert call_upper("q") == "Q"


def test_subclasses_sharing_an_init_make_a_polymorphic_site():
    ns = load("""
class Base:
    def __init__(self, v):
        self.v = v

class A(Base): pass
class B(Base): pass
class C(Base): pass
class D(Base): pass
class E(Base): pass

def read(o):
    return o.v

def write(o, v):
    o.v = v
""")
    read, write = ns["read"], ns["write"]
    objects = [ns[name](i) for i, name in enumerate("ABCDE")]
    for _ in range(60):          # enough misses to re-specialize several times
        for i, o in enumerate(objects[:4]):   # (no __dict__ here: it would replace the values)
            assert read(o) == i
            write(o, i)
    assert family_members(read, "LOAD_ATTR") == ["LOAD_ATTR_INSTANCE_VALUE_POLY"]
    assert family_members(write, "STORE_ATTR") == ["STORE_ATTR_INSTANCE_VALUE_POLY"]
    assert [read(o) for o in objects] == [0, 1, 2, 3, 4]     # a fifth class still reads right
    ns["A"].v = property(lambda self: "property on A")       # A's version changes
    assert read(objects[0]) == "property on A" and read(objects[1]) == 1
    other = ns["Base"](9)
    other.__dict__["w"] = 0                                   # a dict instead of values
    assert read(other) == 9
