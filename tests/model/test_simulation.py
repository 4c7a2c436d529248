"""The Monte Carlo: exact where nothing is random, right in distribution where it is."""

import dataclasses

import numpy as np
import pytest
from fivefold.model.compounding import compound_stage
from fivefold.model.contract import Contract, default_contract
from fivefold.model.design import engine_pair_design
from fivefold.model.measurements import Measurements
from fivefold.model.simulation import Fleet, LogNormal, StageInput, simulate
from fivefold.model.store_reader import read_store
from fivefold.model.synthetic_store import write_result


def fixed(stage, gain):
    return StageInput(Contract(stage=stage), {"x": LogNormal(float(np.log(gain)), 0.0)})


def test_deterministic_plan_compounds_and_pays_exactly():
    result = simulate([fixed(1, 1.5), fixed(2, 1.5), fixed(3, 1.3), fixed(4, 1.7)], draws=100)
    assert result.total_draws == pytest.approx(np.full(100, 1.5 * 1.5 * 1.3 * 1.7))
    assert list(result.stages["p_meet"]) == [1.0, 1.0, 0.0, 1.0]
    # Stage 3 is below the window: nothing. Stage 4 is capped at the window's top (1.6).
    dev = [250_000, 250_000, 0, 300_000]
    maint = [250_000, 250_000, 0, 250_000]
    assert result.summary["expected_payment"] == pytest.approx(sum(dev) + sum(maint))
    points = (1.5 * 1.5 * 1.3 * 1.7 - 1) * 100
    assert result.summary["cost_per_point"] == pytest.approx((sum(dev) + sum(maint)) / points)


def test_a_1_5x_speedup_cuts_the_hardware_by_a_third():
    fleet = Fleet(servers=900, cost_per_server_year=2000, python_share=1.0)
    assert fleet.servers_saved(1.5) == pytest.approx(300)
    half = Fleet(servers=900, cost_per_server_year=2000, python_share=0.5)
    assert half.yearly_savings(1.5) == pytest.approx(150 * 2000)
    result = simulate([fixed(1, 1.5)], draws=10, fleet=fleet)
    assert result.summary["expected_yearly_savings"] == pytest.approx(300 * 2000)
    with pytest.raises(ValueError):
        Fleet(servers=1, cost_per_server_year=1, python_share=1.5)


def test_planned_stage_meets_its_median_target_half_the_time():
    c = default_contract(1)
    result = simulate([StageInput.planned(c)], draws=40_000, seed=1)
    assert result.stages["p_meet"].iloc[0] == pytest.approx(0.5, abs=0.01)
    assert result.stages["median"].iloc[0] == pytest.approx(1.5, rel=0.01)
    assert not result.stages["measured"].iloc[0]


def test_measured_stage_takes_its_bootstrap_spread(tmp_path):
    noise = [0.97, 1.0, 1.03, 0.99, 1.01, 1.02, 0.98, 1.0]
    write_result(tmp_path, engine="cpython", benchmark="b", values=[1.6 * x for x in noise])
    write_result(tmp_path, engine="pypy", benchmark="b", values=list(noise))
    table = read_store(tmp_path)
    comp = compound_stage(Measurements(table, n_boot=1000), engine_pair_design(table, "cpython", "pypy"))
    st = StageInput.from_compounding(dataclasses.replace(default_contract(1)), comp)
    (gain,) = st.gains.values()
    assert np.exp(gain.mu) == pytest.approx(1.6)
    assert 0.001 < gain.sigma < 0.05
    result = simulate([st], draws=5000)
    assert result.stages["p_meet"].iloc[0] > 0.95
