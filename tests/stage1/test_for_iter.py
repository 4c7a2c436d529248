"""s1.for_iter: FOR_ITER over lists, tuples and ranges without calling tp_iternext, and
over generators of fivefold code without CPython's evaluator entry."""

from __future__ import annotations

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def collect(iterable):
    out = []
    for x in iterable:
        out.append(x)
    return out
"""


@pytest.mark.parametrize("iterable, member", [
    ([1, 2, 3], "FOR_ITER_LIST"),
    ((1, 2, 3), "FOR_ITER_TUPLE"),
    (range(3), "FOR_ITER_RANGE"),
])
def test_specializes_in_the_loop(iterable, member):
    collect = load(SOURCE)["collect"]
    assert collect(iterable) == list(iterable)
    assert family_members(collect, "FOR_ITER") == [member]


@pytest.mark.parametrize("r", [range(0), range(5), range(-3, 3), range(10, -10, -3), range(7, 8, 100),
                               range(2**62, 2**62 + 3), range(-(2**63), -(2**63) + 2),
                               range(2**63 - 3, 2**63 - 1), range(0, 2**63 - 1, 2**62)])
def test_ranges_match_python(r):
    collect = load(SOURCE)["collect"]
    collect(range(3))
    assert collect(r) == list(r)


def test_big_ranges_and_other_iterators_take_the_generic_path():
    collect = load(SOURCE)["collect"]
    collect([1, 2])
    assert collect(range(2**64, 2**64 + 2)) == [2**64, 2**64 + 1]
    assert collect(x * 2 for x in range(3)) == [0, 2, 4]
    assert collect("ab") == ["a", "b"]
    assert collect({3: 0, 4: 0}) == [3, 4]
    assert collect([5]) == [5]


def test_list_mutated_during_the_loop():
    ns = load("""
def grow(items):
    for x in items:
        if x < 4:
            items.append(x + 2)
    return items

def shrink(items):
    seen = []
    for x in items:
        seen.append(x)
        items.remove(x)
    return seen, items
""")
    for _ in range(3):
        assert ns["grow"]([1, 2]) == [1, 2, 3, 4, 5]
        assert ns["shrink"](list(range(6))) == ([0, 2, 4], [1, 3, 5])


def test_exhausted_shared_iterator_lets_go_of_its_list():
    collect = load(SOURCE)["collect"]
    items = [1, 2, 3]
    for _ in range(3):
        it = iter(items)
        assert collect(it) == items
        assert list(it) == []
        items.append(4)          # an exhausted list iterator stays exhausted
        assert list(it) == []
        items.pop()
    assert family_members(collect, "FOR_ITER") == ["FOR_ITER_LIST"]


def test_errors_inside_iteration_propagate():
    collect = load(SOURCE)["collect"]
    collect([1]), collect([1])

    def bad():
        yield 1
        raise ValueError("from the generator")

    with pytest.raises(ValueError, match="from the generator"):
        collect(bad())
    with pytest.raises(TypeError, match="'int' object is not iterable"):
        collect(3)


def test_subclasses_of_list_and_tuple_iterate_their_own_items():
    collect = load(SOURCE)["collect"]

    class L(list):
        pass

    class T(tuple):
        pass

    for _ in range(3):
        assert collect(L([1, 2, 3])) == [1, 2, 3]
        assert collect(T((4, 5))) == [4, 5]
        assert collect([6]) == [6]
        assert collect((7,)) == [7]


GENERATORS = SOURCE + """
def count(n):
    for i in range(n):
        yield i
    return "value"

def failing(n):
    for i in range(n):
        if i == 1:
            raise KeyError(i)
        yield i
"""


def test_fivefold_generator_specializes_and_cpython_ones_deopt():
    ns = load(GENERATORS)
    collect, count = ns["collect"], ns["count"]
    assert collect(count(3)) == [0, 1, 2]
    assert family_members(collect, "FOR_ITER") == ["FOR_ITER_GEN"]
    assert collect(x + 1 for x in range(2)) == [1, 2]      # CPython's genexpr: the guard fails
    assert collect(count(0)) == []
    assert collect(ns["collect"] for _ in range(1)) == [collect]


def test_finished_generator_releases_its_frame_and_keeps_a_traceback_frame():
    import gc
    import weakref
    ns = load(GENERATORS)
    collect, count, failing = ns["collect"], ns["count"], ns["failing"]
    collect(count(2)), collect(count(2))
    g = count(2)
    assert collect(g) == [0, 1] and g.gi_frame is None and list(g) == []
    with pytest.raises(KeyError) as info:
        collect(failing(3))
    frame = info.value.__traceback__.tb_next.tb_next.tb_frame   # test -> collect -> failing
    assert frame.f_code.co_name == "failing" and frame.f_locals == {"n": 3, "i": 1}

    class Marker:
        pass

    marker = Marker()
    ref = weakref.ref(marker)
    ns2 = load("def make(m):\n    yield m\n\ndef run(g):\n    for _ in g:\n        pass\n")
    ns2["run"](ns2["make"](1)), ns2["run"](ns2["make"](1))
    ns2["run"](ns2["make"](marker))
    del marker
    gc.collect()
    assert ref() is None
