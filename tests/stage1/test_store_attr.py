"""s1.store_attr: STORE_ATTR into an object's values array or a slot."""

from __future__ import annotations

import gc
import weakref

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
class P:
    def __init__(self):
        self.x = 0
        self.y = 0

class S:
    __slots__ = ("x",)

def put(o, v):
    o.x = v
    return o
"""


@pytest.mark.parametrize("cls, member", [("P", "STORE_ATTR_INSTANCE_VALUE"), ("S", "STORE_ATTR_SLOT")])
def test_specializes_and_stores(cls, member):
    ns = load(SOURCE)
    put, obj = ns["put"], ns[cls]()
    for v in range(3):
        assert put(obj, v).x == v
    assert family_members(put, "STORE_ATTR") == [member]


def test_store_after_delete_keeps_the_attribute_order():
    ns = load(SOURCE)
    put, P = ns["put"], ns["P"]
    p = P()
    put(p, 1), put(p, 2)
    del p.x
    put(p, 3)
    assert list(vars(p)) == ["y", "x"] and p.x == 3


def test_old_values_are_released():
    ns = load(SOURCE)
    put = ns["put"]

    class Item:
        pass

    for cls in ("P", "S"):
        obj = ns[cls]()
        put(obj, 0), put(obj, 0)
        old = Item()
        put(obj, old)
        ref = weakref.ref(old)
        del old
        put(obj, 1)
        gc.collect()
        assert ref() is None


def test_class_gains_setattr_or_descriptor_later():
    ns = load(SOURCE)
    put, P = ns["put"], ns["P"]
    p = P()
    put(p, 1), put(p, 1)
    P.__setattr__ = lambda self, name, value: object.__setattr__(self, name, value * 10)
    assert put(p, 2).x == 20
    del P.__setattr__
    P.x = property(lambda self: "read only")
    with pytest.raises(AttributeError):
        put(p, 3)
    del P.x
    assert put(p, 4).x == 4
    p.__dict__ = {}
    assert put(p, 5).__dict__ == {"x": 5}


def test_readonly_and_other_objects():
    ns = load(SOURCE)
    put = ns["put"]
    put(ns["S"](), 1), put(ns["S"](), 1)
    with pytest.raises(AttributeError, match="'int' object has no attribute 'x'"):
        put(5, 1)

    class Frozen:
        __slots__ = ()

    with pytest.raises(AttributeError, match="'Frozen' object has no attribute 'x'"):
        put(Frozen(), 1)
