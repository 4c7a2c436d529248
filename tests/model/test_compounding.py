"""Compounding on synthetic stores with known answers."""

import math

import pytest
from fivefold.model.compounding import compound_stage, cumulative
from fivefold.model.design import ChangeInfo, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.store_reader import read_store
from fivefold.model.synthetic_store import engine_spec, write_result

BASE_TIME = 0.010


def write_stage(root, stage, ids, time_of, benchmarks=("a", "b"), prior=(), noise=None):
    """Write baseline, isolated, all-on and leave-one-out files; time_of(subset, bench) -> seconds."""
    def write(subset, spec):
        for b in benchmarks:
            t = time_of(frozenset(subset), b)
            values = [t] * 5 if noise is None else [t * (1 + e) for e in noise]
            write_result(root, engine=spec, kind="fivefold", stage=stage, benchmark=b,
                         changes=set(prior) | set(subset), values=values)
    write((), engine_spec("fivefold", stage - 1))
    for c in ids:
        write({c}, engine_spec("fivefold", stage - 1, with_=(c,)))
        write(set(ids) - {c}, engine_spec("fivefold", stage, without=(c,)))
    write(ids, engine_spec("fivefold", stage))


def test_twenty_independent_two_percent_changes_compound_to_1_486(tmp_path):
    ids = [f"s1.c{i:02d}" for i in range(20)]
    write_stage(tmp_path, 1, ids, lambda s, b: BASE_TIME / 1.02 ** len(s))
    data = Measurements(read_store(tmp_path), n_boot=200)
    result = compound_stage(data, stage_design(1, [ChangeInfo(c, 1, i) for i, c in enumerate(ids)]))
    geo = result.geomean
    assert geo["projected"].value == pytest.approx(1.02 ** 20, rel=1e-12)
    assert round(geo["projected"].value, 3) == 1.486
    assert geo["measured"].value == pytest.approx(1.02 ** 20, rel=1e-12)
    assert geo["gap"].value == pytest.approx(0.0, abs=1e-12)
    # Constant samples: the bootstrap has nothing to resample, the interval is the point.
    assert geo["measured"].low == pytest.approx(geo["measured"].high, rel=1e-12)
    assert not result.missing


def test_interacting_changes_show_the_expected_gap(tmp_path):
    # Two changes of 1.2x each that overlap: together they give 1.3x, not 1.44x.
    def time_of(s, b):
        return BASE_TIME / {0: 1.0, 1: 1.2, 2: 1.3}[len(s)]
    write_stage(tmp_path, 1, ["s1.x", "s1.y"], time_of)
    data = Measurements(read_store(tmp_path), n_boot=200)
    result = compound_stage(data, stage_design(1, [ChangeInfo("s1.x", 1), ChangeInfo("s1.y", 1, 1)]))
    for _, row in result.per_benchmark.iterrows():
        assert row["projected"].value == pytest.approx(1.44)
        assert row["measured"].value == pytest.approx(1.3)
        assert row["gap"].value == pytest.approx(1.3 / 1.44 - 1)


def test_interval_covers_the_truth_with_noisy_samples(tmp_path):
    noise = [-0.02, 0.01, 0.0, 0.02, -0.01, 0.015, -0.005, 0.005]
    write_stage(tmp_path, 1, ["s1.x"], lambda s, b: BASE_TIME / (1.25 if s else 1.0), noise=noise)
    data = Measurements(read_store(tmp_path), n_boot=500)
    geo = compound_stage(data, stage_design(1, [ChangeInfo("s1.x", 1)])).geomean
    est = geo["measured"]
    assert est.low < 1.25 < est.high
    assert est.high - est.low > 0.005   # real noise gives a real interval


def test_weighted_geomean_uses_suite_weights(tmp_path):
    for bench, weight, speed in (("fast", 3.0, 2.0), ("slow", 1.0, 1.0)):
        write_result(tmp_path, engine="fivefold:stage=0", kind="fivefold", stage=0, benchmark=bench,
                     values=[1.0] * 3, weight=weight)
        write_result(tmp_path, engine="fivefold:stage=1", kind="fivefold", stage=1, benchmark=bench,
                     changes={"s1.x", "s1.y"}, values=[1.0 / speed] * 3, weight=weight)
    data = Measurements(read_store(tmp_path), n_boot=50)
    result = compound_stage(data, stage_design(1, [ChangeInfo("s1.x", 1), ChangeInfo("s1.y", 1)]))
    assert result.geomean["measured"].value == pytest.approx(2.0 ** 0.75)
    assert "fivefold[s1.x]" in result.missing   # the isolated run is absent here
    assert result.geomean["projected"] is None


def test_cumulative_compounds_stages_against_the_plan(tmp_path):
    changes = [ChangeInfo("s1.x", 1), ChangeInfo("s2.y", 2)]
    write_stage(tmp_path, 1, ["s1.x"], lambda s, b: BASE_TIME / (1.5 if s else 1.0))
    write_stage(tmp_path, 2, ["s2.y"], lambda s, b: BASE_TIME / 1.5 / (1.2 if s else 1.0), prior={"s1.x"})
    data = Measurements(read_store(tmp_path), n_boot=50)
    stages = [compound_stage(data, stage_design(n, changes)) for n in (1, 2)]
    cum = cumulative(stages).table
    assert list(cum["plan"]) == [1.5, 2.25]
    assert cum["cumulative_measured"].iloc[1].value == pytest.approx(1.8)
    assert math.isclose(cum["cumulative_projected"].iloc[1].value, 1.8)


def test_a_shared_requirement_is_counted_once(tmp_path):
    # s1.q (an adaptive loop) costs 10% alone; s1.x and s1.y each give 1.5x on
    # top of it and need it. Measured against the bare baseline, each would look
    # 1.5 * 0.9 = 1.35x and the projection would pay the cost twice (1.35^2);
    # against baseline + requirement the product is 0.9 * 1.5 * 1.5, the truth.
    def time_of(s, b):
        t = BASE_TIME
        if s & {"s1.q", "s1.x", "s1.y"}:
            t /= 0.9
        return t / 1.5 ** len(s & {"s1.x", "s1.y"})

    def write(subset, spec):
        for b in ("a", "b"):
            write_result(tmp_path, engine=spec, kind="fivefold", stage=1, benchmark=b, changes=set(subset),
                         values=[time_of(frozenset(subset), b)] * 5)
    write((), engine_spec("fivefold", 0))
    write({"s1.q"}, engine_spec("fivefold", 0, with_=("s1.q",)))
    for c in ("s1.x", "s1.y"):
        write({"s1.q", c}, engine_spec("fivefold", 0, with_=(c,)))
    write({"s1.q", "s1.x", "s1.y"}, engine_spec("fivefold", 1))
    changes = [ChangeInfo("s1.q", 1, 0), ChangeInfo("s1.x", 1, 1, ("s1.q",)), ChangeInfo("s1.y", 1, 2, ("s1.q",))]
    design = stage_design(1, changes)
    assert design.isolated_base("s1.x") == design.isolated("s1.q")
    assert design.isolated("s1.x") == design.key_for({"s1.q", "s1.x"})
    result = compound_stage(Measurements(read_store(tmp_path), n_boot=100), design)
    assert not result.missing
    gains = result.gains[result.gains["benchmark"] == "geometric mean"].set_index("change")["gain"]
    assert gains["s1.q"].value == pytest.approx(0.9)
    assert gains["s1.x"].value == pytest.approx(1.5) and gains["s1.y"].value == pytest.approx(1.5)
    assert result.geomean["projected"].value == pytest.approx(0.9 * 1.5 * 1.5)
    assert result.geomean["measured"].value == pytest.approx(0.9 * 1.5 * 1.5)
