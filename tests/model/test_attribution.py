"""Attribution: sequential telescopes, Shapley sums to the total and is fair."""

import math

import pytest
from fivefold.model.attribution import attribute_stage, leave_one_out, sequential, shapley
from fivefold.model.design import ChangeInfo, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.store_reader import read_store
from fivefold.model.synthetic_store import engine_spec, write_result


class Additive:
    """v(S) = sum of log gains plus explicit pair interactions."""

    def __init__(self, gains, pairs=None):
        self.logs = {c: math.log(g) for c, g in gains.items()}
        self.pairs = pairs or {}

    def __call__(self, subset):
        total = sum(self.logs[c] for c in subset)
        return total + sum(x for pair, x in self.pairs.items() if pair <= set(subset))


GAINS = {"a": 1.10, "b": 1.05, "c": 1.20, "d": 1.02, "e": 1.07, "f": 1.01, "g": 1.03, "h": 1.15, "i": 1.04}


@pytest.mark.parametrize("n_permutations", [100, 500_000])
def test_shapley_equals_isolated_gains_without_interaction(n_permutations):
    v = Additive(GAINS)
    result = shapley(v, list(GAINS), n_permutations=n_permutations)
    for row in result.table.itertuples():
        assert row.log_gain == pytest.approx(math.log(GAINS[row.change]), abs=1e-12)
        assert row.error == pytest.approx(0.0, abs=1e-12)


def test_shapley_sums_to_the_total_in_log_space_with_interaction():
    pairs = {frozenset("ab"): -0.03, frozenset("ch"): 0.02, frozenset("de"): -0.01}
    v = Additive(GAINS, pairs)
    result = shapley(v, list(GAINS), n_permutations=300, seed=4)   # 9! > 300: sampled
    assert "300 permutations" in result.method
    assert result.table["log_gain"].sum() == pytest.approx(v(set(GAINS)), abs=1e-12)
    assert result.residual_log == pytest.approx(0.0, abs=1e-12)
    # Each pair's interaction is shared half and half: the exact Shapley value.
    exact = {c: math.log(g) for c, g in GAINS.items()}
    for pair, x in pairs.items():
        for c in pair:
            exact[c] += x / 2
    for row in result.table.itertuples():
        assert abs(row.log_gain - exact[row.change]) <= max(row.error, 1e-12) * 2


def test_exact_shapley_for_two_interacting_changes():
    v = Additive({"x": 1.2, "y": 1.2}, {frozenset("xy"): math.log(1.3 / 1.44)})
    result = shapley(v, ["x", "y"])
    assert result.method == "shapley (exact)"
    for row in result.table.itertuples():
        assert row.gain == pytest.approx(math.sqrt(1.3))


def test_sequential_telescopes_and_leave_one_out_shows_the_residual():
    v = Additive({"x": 1.2, "y": 1.2}, {frozenset("xy"): math.log(1.3 / 1.44)})
    seq = sequential(v, ["x", "y"])
    assert list(seq.table["gain"].round(6)) == [1.2, round(1.3 / 1.2, 6)]
    assert math.exp(seq.table["log_gain"].sum()) == pytest.approx(1.3)
    loo = leave_one_out(v, ["x", "y"])
    assert list(loo.table["gain"].round(6)) == [round(1.3 / 1.2, 6)] * 2
    assert loo.residual_log == pytest.approx(math.log(1.3) - 2 * math.log(1.3 / 1.2))


def test_attribution_from_a_store_uses_measured_configurations(tmp_path):
    times = {frozenset(): 1.0, frozenset("x"): 1 / 1.2, frozenset("y"): 1 / 1.1, frozenset("xy"): 1 / 1.25}
    for subset, t in times.items():
        spec = engine_spec("fivefold", 0, with_=tuple(sorted(subset)))
        write_result(tmp_path, engine=spec, kind="fivefold", stage=0, benchmark="bm",
                     changes=subset, values=[t] * 4)
    design = stage_design(1, [ChangeInfo("x", 1, 0), ChangeInfo("y", 1, 1)])
    result = attribute_stage(Measurements(read_store(tmp_path), n_boot=10), design)
    seq = result["sequential"].table
    assert list(seq["gain"].round(9)) == [1.2, round(1.25 / 1.2, 9)]
    assert result["sequential"].measured_share == 1.0
    sh = result["shapley"].table.set_index("change")["log_gain"]
    assert sh["x"] == pytest.approx(math.log(1.2) + (math.log(1.25 / 1.32)) / 2)
    assert sh.sum() == pytest.approx(math.log(1.25))


def test_unmeasured_subsets_use_the_stated_surrogate(tmp_path):
    # Three changes; only isolated runs and all-on are measured (interaction -0.06 in logs).
    gains = {"x": 1.2, "y": 1.1, "z": 1.05}
    total = math.exp(sum(math.log(g) for g in gains.values()) - 0.06)
    runs = {frozenset(): 1.0, **{frozenset({c}): 1 / g for c, g in gains.items()}, frozenset(gains): 1 / total}
    for subset, t in runs.items():
        write_result(tmp_path, engine=engine_spec("fivefold", 0, with_=tuple(sorted(subset))), kind="fivefold",
                     stage=0, benchmark="bm", changes=subset, values=[t] * 3)
    design = stage_design(1, [ChangeInfo(c, 1, i) for i, c in enumerate(gains)])
    result = attribute_stage(Measurements(read_store(tmp_path), n_boot=10), design)
    sh = result["shapley"]
    assert sh.table["log_gain"].sum() == pytest.approx(math.log(total))
    # Interaction spread evenly over the three pairs, each pair shared half and half.
    for row in sh.table.itertuples():
        assert row.log_gain == pytest.approx(math.log(gains[row.change]) - 0.02)
    assert 0 < sh.measured_share < 1
    seq = result["sequential"]
    assert list(seq.table["measured"]) == [True, False, False]
    assert seq.residual_log == pytest.approx(0.0, abs=1e-12)


def test_attribution_needs_every_isolated_gain(tmp_path):
    for subset in (frozenset(), frozenset("xy")):
        write_result(tmp_path, engine=engine_spec("fivefold", 0, with_=tuple(sorted(subset))), kind="fivefold",
                     stage=0, benchmark="bm", changes=subset, values=[1.0] * 3)
    design = stage_design(1, [ChangeInfo("x", 1), ChangeInfo("y", 1)])
    with pytest.raises(ValueError, match="change x was not measured alone"):
        attribute_stage(Measurements(read_store(tmp_path), n_boot=10), design)


from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=40, deadline=None)
@given(gains=st.lists(st.floats(0.9, 1.5), min_size=2, max_size=9),
       pairs=st.dictionaries(st.tuples(st.integers(0, 8), st.integers(0, 8)), st.floats(-0.1, 0.1), max_size=6),
       seed=st.integers(0, 1000))
def test_shapley_and_sequential_always_sum_to_the_total(gains, pairs, seed):
    names = [f"c{i}" for i in range(len(gains))]
    interactions = {frozenset({names[a], names[b]}): x for (a, b), x in pairs.items()
                    if a != b and a < len(names) and b < len(names)}
    v = Additive(dict(zip(names, gains)), interactions)
    total = v(set(names))
    assert shapley(v, names, n_permutations=50, seed=seed).table["log_gain"].sum() == pytest.approx(total, abs=1e-9)
    assert sequential(v, names).table["log_gain"].sum() == pytest.approx(total, abs=1e-9)
