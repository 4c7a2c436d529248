"""s1.compare_op: COMPARE_OP specialized for ints, floats and strs."""

from __future__ import annotations

import operator

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

OPS = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
       ">": operator.gt, ">=": operator.ge}
SOURCE = "\n".join(f"def c{i}(a, b):\n    return a {op} b" for i, op in enumerate(OPS))

VALUES = {
    "COMPARE_OP_INT": [0, 1, -1, 2**30 - 1, 2**30, -(2**30), 2**64, -(2**64), 5],
    "COMPARE_OP_FLOAT": [0.0, -0.0, 1.5, float("nan"), float("inf"), -float("inf"), 2.5],
    "COMPARE_OP_STR": ["", "a", "b", "ab", "é", "\U0001f600", "a\0b"],
}


@pytest.mark.parametrize("member", sorted(VALUES))
def test_every_operator_matches_python(member):
    ns = load(SOURCE)
    values = VALUES[member]
    for i, (symbol, op) in enumerate(OPS.items()):
        f = ns[f"c{i}"]
        f(values[0], values[1])
        f(values[0], values[1])
        assert family_members(f, "COMPARE_OP") == [member]
        for a in values:
            for b in values:
                assert f(a, b) is op(a, b), (a, symbol, b)
        assert family_members(f, "COMPARE_OP") == [member]


def test_mixed_types_deoptimize_and_stay_right():
    ns = load(SOURCE)
    lt = ns["c0"]
    for _ in range(3):
        lt(1, 2)
    assert lt(1, 2.5) is True
    assert lt(2.5, 1) is False
    with pytest.raises(TypeError, match="'<' not supported between instances of 'int' and 'str'"):
        lt(1, "a")
    assert lt(True, 2) is True
