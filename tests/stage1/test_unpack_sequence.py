"""s1.unpack_sequence: UNPACK_SEQUENCE of a two-tuple, a tuple and a list of the right length."""

from __future__ import annotations

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def two(s):
    a, b = s
    return b, a

def three(s):
    a, b, c = s
    return [c, b, a]
"""


@pytest.mark.parametrize("func, seq, member", [
    ("two", (1, 2), "UNPACK_SEQUENCE_TWO_TUPLE"),
    ("two", [1, 2], "UNPACK_SEQUENCE_LIST"),
    ("three", (1, 2, 3), "UNPACK_SEQUENCE_TUPLE"),
    ("three", [1, 2, 3], "UNPACK_SEQUENCE_LIST"),
])
def test_specializes_after_two_calls_and_keeps_order(func, seq, member):
    f = load(SOURCE)[func]
    expected = f(seq)
    assert f(seq) == expected
    assert list(expected) == list(reversed(seq))
    assert family_members(f, "UNPACK_SEQUENCE") == [member]


def test_wrong_lengths_and_other_sequences_raise_like_cpython():
    ns = load(SOURCE)
    two, three = ns["two"], ns["three"]
    two((1, 2)), two((1, 2))
    with pytest.raises(ValueError, match=r"too many values to unpack \(expected 2\)"):
        two((1, 2, 3))
    with pytest.raises(ValueError, match=r"not enough values to unpack \(expected 2, got 1\)"):
        two([1])
    with pytest.raises(TypeError, match="cannot unpack non-iterable int object"):
        two(5)
    assert two("ab") == ("b", "a")
    assert two(iter([1, 2])) == (2, 1)
    assert two({"k": 1, "j": 2}) == ("j", "k")
    three([1, 2, 3]), three([1, 2, 3])
    assert three((4, 5, 6)) == [6, 5, 4]


def test_items_outlive_the_unpacked_sequence():
    f = load(SOURCE)["three"]
    for _ in range(3):
        result = f([object(), [1], "x" * 3])
    assert result[1] == [1] and result[0] == "xxx"
