"""s1.subscr: BINARY_SUBSCR for list[int], tuple[int], dict[key]; STORE_SUBSCR for
list[int] = v and dict[key] = v."""

from __future__ import annotations

import gc
import weakref

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def get(c, k):
    return c[k]

def put(c, k, v):
    c[k] = v
"""


@pytest.mark.parametrize("container, key, member", [
    ([10, 20, 30], 1, "BINARY_SUBSCR_LIST_INT"),
    ([10, 20, 30], -1, "BINARY_SUBSCR_LIST_INT"),
    ((10, 20, 30), 2, "BINARY_SUBSCR_TUPLE_INT"),
    ({"a": 1}, "a", "BINARY_SUBSCR_DICT"),
])
def test_get_specializes_after_two_calls(container, key, member):
    get = load(SOURCE)["get"]
    assert family_members(get, "BINARY_SUBSCR") == ["BINARY_SUBSCR"]
    for _ in range(2):
        assert get(container, key) == container[key]
    assert family_members(get, "BINARY_SUBSCR") == [member]


@pytest.mark.parametrize("container, key, member", [
    ([10, 20, 30], 1, "STORE_SUBSCR_LIST_INT"),
    ([10, 20, 30], -3, "STORE_SUBSCR_LIST_INT"),
    ({"a": 1}, "b", "STORE_SUBSCR_DICT"),
])
def test_put_specializes_after_two_calls(container, key, member):
    put = load(SOURCE)["put"]
    for v in range(2):
        put(container, key, v)
        assert container[key] == v
    assert family_members(put, "STORE_SUBSCR") == [member]


def test_list_index_misses_raise_what_cpython_raises():
    get = load(SOURCE)["get"]
    items = [1, 2, 3]
    get(items, 0), get(items, 0)
    for key in (-3, -1, 0, 2):
        assert get(items, key) == items[key]
    for key in (3, -4, 2**40, -(2**40)):
        with pytest.raises(IndexError, match="list index out of range"):
            get(items, key)
    with pytest.raises(TypeError, match="list indices must be integers or slices, not str"):
        get(items, "0")
    assert get(items, True) == 2          # bool is an int subclass: the generic path
    assert get(items, slice(1, None)) == [2, 3]
    assert get((7, 8), 1) == 8            # another container at the same site
    assert get("xyz", 1) == "y"


def test_dict_misses_raise_keyerror_like_cpython():
    get = load(SOURCE)["get"]
    d = {(1, 2): "pair", "k": 0}
    get(d, "k"), get(d, "k")
    assert family_members(get, "BINARY_SUBSCR") == ["BINARY_SUBSCR_DICT"]
    with pytest.raises(KeyError) as info:
        get(d, (3, 4))
    assert info.value.args == ((3, 4),)   # the tuple is the key, not the exception's args
    with pytest.raises(TypeError, match="unhashable type: 'list'"):
        get(d, [1])

    class Missing(dict):
        def __missing__(self, key):
            return f"missing {key}"

    assert get(Missing(), "x") == "missing x"   # a dict subclass takes the generic path
    assert get(d, (1, 2)) == "pair"


def test_store_list_keeps_references_right():
    put = load(SOURCE)["put"]

    class Item:
        pass

    items = [Item(), Item()]
    put(items, 0, 0), put(items, 0, 0)
    old = Item()
    items[1] = old
    ref = weakref.ref(old)
    del old
    new = Item()
    put(items, 1, new)
    gc.collect()
    assert ref() is None and items[1] is new
    with pytest.raises(IndexError, match="list assignment index out of range"):
        put(items, 2, 0)
    put(items, slice(0, 2), [5])
    assert items == [5]
    with pytest.raises(TypeError, match="'tuple' object does not support item assignment"):
        put((1,), 0, 2)


def test_store_dict_and_unhashable_key():
    put = load(SOURCE)["put"]
    d = {}
    for i in range(3):
        put(d, i, str(i))
    assert d == {0: "0", 1: "1", 2: "2"}
    assert family_members(put, "STORE_SUBSCR") == ["STORE_SUBSCR_DICT"]
    with pytest.raises(TypeError, match="unhashable type: 'dict'"):
        put(d, {}, 1)
