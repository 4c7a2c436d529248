"""The contract: the payment rule, lower-bound decisions, limits, bad files."""

import dataclasses

import pytest
from fivefold.model.contract import (
    Contract,
    ContractError,
    Suite,
    default_contract,
    design_for,
    evaluate,
    format_result,
    load_contract,
    parse_contract,
)
from fivefold.model.store_reader import read_store
from fivefold.model.synthetic_store import write_result


def contract(**kw):
    base = Contract(stage=1, suites=(Suite("fivefold"),), startup_limit=None, memory_limit=None)
    return dataclasses.replace(base, **kw)


def test_payment_zero_below_proportional_inside_capped_above():
    c = contract()
    assert c.development == 250_000 and c.maintenance == 250_000
    assert c.payment(1.39) == 0.0
    assert c.payment(1.4) == pytest.approx(250_000 * 0.4 / 0.5)      # 200k at 40%
    assert c.payment(1.5) == pytest.approx(250_000)
    assert c.payment(1.55) == pytest.approx(250_000 * 1.1)
    assert c.payment(1.6) == pytest.approx(300_000)
    assert c.payment(1.9) == c.payment(1.6)                          # capped


@pytest.mark.parametrize("stage", [1, 2, 3, 4])
def test_default_contracts_parse(stage):
    c = default_contract(stage)
    assert c.stage == stage and c.target == 1.5 and c.window == (1.4, 1.6)
    assert c.budget == 500_000 and c.development_share == 0.5
    assert [s.name for s in c.suites] == ["pyperformance", "fivefold"]


def write_pair(root, base_times, cand_times, metric="time", bench="bm"):
    write_result(root, engine="cpython", benchmark=bench, values=base_times, metric=metric)
    write_result(root, engine="pypy", benchmark=bench, values=cand_times, metric=metric)


NOISY = [1.0, 0.9, 1.1, 0.95, 1.05, 1.02, 0.98, 1.0]


def test_lower_bound_decision_turns_a_pass_into_a_partial_payment(tmp_path):
    # Delivered ~1.52x on the mean, but the noise puts the lower bound under 1.5.
    write_pair(tmp_path, [1.52 * x for x in NOISY], [1.0 * x for x in reversed(NOISY)])
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy")
    design = design_for(c, table)
    point = evaluate(c, table, design, n_boot=1000)
    assert point.delivered.value == pytest.approx(1.52)
    assert point.verdict == "target met"
    assert point.development_owed == pytest.approx(c.payment(1.52))
    low = evaluate(dataclasses.replace(c, decide_on="lower_bound"), table, design, n_boot=1000)
    assert low.decision_value == pytest.approx(low.delivered.low)
    assert 1.4 < low.decision_value < 1.5
    assert low.verdict == "inside the window, target missed"
    assert low.development_owed == pytest.approx(c.payment(low.delivered.low))
    assert low.development_owed < point.development_owed


def test_below_window_owes_nothing(tmp_path):
    write_pair(tmp_path, [1.3] * 3, [1.0] * 3)
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy")
    result = evaluate(c, table, design_for(c, table), n_boot=20)
    assert result.verdict.startswith("rejected: below")
    assert result.owed == 0.0


def test_limits_pass_break_and_missing(tmp_path):
    write_pair(tmp_path, [2.0] * 3, [1.0] * 3)
    write_pair(tmp_path, [100e6] * 3, [130e6] * 3, metric="memory")
    write_pair(tmp_path, [0.02] * 3, [0.021] * 3, metric="startup")
    write_pair(tmp_path, [1.0] * 3, [1.1] * 3, bench="slower")
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy", startup_limit=1.10, memory_limit=1.25,
                 benchmark_limits={"slower": 1.0, "absent": 1.0})
    result = evaluate(c, table, design_for(c, table), n_boot=20)
    checks = {ch.name: ch for ch in result.limits}
    assert checks["start-up time"].passed and checks["start-up time"].ratio.value == pytest.approx(1.05)
    assert not checks["peak memory"].passed and checks["peak memory"].ratio.value == pytest.approx(1.3)
    assert not checks["benchmark slower"].passed
    assert not checks["benchmark absent"].passed and "no time results" in checks["benchmark absent"].note
    assert result.verdict.startswith("rejected: a non-regression limit")
    assert result.owed == 0.0
    text = format_result(result)
    assert "BROKEN" in text and "PASSED" in text


def test_suite_weights_combine_suite_geomeans(tmp_path):
    for suite, speed in (("pyperformance", 1.2), ("sponsor", 2.0)):
        write_result(tmp_path, engine="cpython", benchmark="b", suite=suite, values=[speed] * 3)
        write_result(tmp_path, engine="pypy", benchmark="b", suite=suite, values=[1.0] * 3)
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy",
                 suites=(Suite("pyperformance", 1.0), Suite("sponsor", 3.0), Suite("absent", 1.0)))
    result = evaluate(c, table, design_for(c, table), n_boot=20)
    assert result.delivered.value == pytest.approx((1.2 * 2.0 ** 3) ** 0.25)
    assert "not measured" in format_result(result)


@pytest.mark.parametrize("text, message", [
    ("[contract]\ntarget = 1.5\n", "needs a stage"),
    ("[contract]\nstage = 1\n[payment]\nwindow = [1.6, 1.4]\n", "payment.window"),
    ("[contract]\nstage = 1\ndecide_on = 'median'\n", "decide_on"),
    ("[contract]\nstage = 1\ntarget = 'fast'\n", "target must be a number"),
    ("[contract\n", "not valid TOML"),
])
def test_bad_contracts_get_clear_errors(text, message):
    with pytest.raises(ContractError, match=message):
        parse_contract(text)


def test_missing_contract_file(tmp_path):
    with pytest.raises(ContractError, match="cannot read contract"):
        load_contract(tmp_path / "nope.toml")


def test_unknown_engine_is_named(tmp_path):
    write_pair(tmp_path, [1.0], [1.0])
    table = read_store(tmp_path)
    with pytest.raises(ValueError, match="'graalpy' is not in the store"):
        design_for(contract(baseline="cpython", candidate="graalpy"), table)


def test_lower_bound_mode_judges_limits_on_the_pessimistic_bound(tmp_path):
    write_pair(tmp_path, [2.0] * 3, [1.0] * 3)
    noisy = [0.9, 1.0, 1.1, 1.05, 0.95, 1.0]
    write_pair(tmp_path, [100e6] * 6, [118e6 * x for x in noisy], metric="memory")
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy", memory_limit=1.20)
    design = design_for(c, table)
    point = evaluate(c, table, design, n_boot=1000)
    assert point.limits[0].passed
    strict = evaluate(dataclasses.replace(c, decide_on="lower_bound"), table, design, n_boot=1000)
    assert strict.limits[0].ratio.high > 1.20
    assert not strict.limits[0].passed


def test_cli_evaluates_a_contract_file(tmp_path):
    import subprocess
    import sys

    write_pair(tmp_path / "results", [1.45] * 4, [1.0] * 4)
    toml = tmp_path / "sponsor.toml"
    toml.write_text('[contract]\nstage = 1\ndecide_on = "lower_bound"\n[engines]\nbaseline = "cpython"\n'
                    'candidate = "pypy"\n[[suites]]\nname = "fivefold"\n[limits]\n')
    proc = subprocess.run([sys.executable, "-m", "fivefold", "contract", "evaluate", str(toml),
                           "--results", str(tmp_path / "results"), "--bootstrap", "50"],
                          check=False, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "delivered speed-up: 1.450x" in proc.stdout
    assert "lower confidence bound" in proc.stdout
    assert "inside the window, target missed" in proc.stdout
    assert "$225,000 development" in proc.stdout     # 250k * 0.45 / 0.5
    bad = subprocess.run([sys.executable, "-m", "fivefold", "contract", "evaluate", str(tmp_path / "x.toml"),
                          "--results", str(tmp_path / "results")], check=False, capture_output=True, text=True)
    assert bad.returncode == 1 and "cannot read contract" in bad.stderr


def test_an_unmeasured_limit_leaves_the_verdict_undecided_and_says_how_to_measure(tmp_path):
    write_pair(tmp_path, [2.0] * 3, [1.0] * 3)
    table = read_store(tmp_path)
    c = contract(baseline="cpython", candidate="pypy", startup_limit=1.10)
    result = evaluate(c, table, design_for(c, table), n_boot=20)
    assert result.verdict.startswith("not decided") and "start-up time" in result.verdict
    assert not result.decided and result.owed == 0.0
    text = format_result(result)
    assert "NOT MEASURED" in text and "--metric startup" in text and "BROKEN" not in text


def test_a_store_without_the_contracts_metric_is_judged_on_its_own_and_says_so(tmp_path):
    from fivefold.model.contract import with_store_metric

    write_pair(tmp_path, [2.0] * 3, [1.0] * 3, metric="instructions")
    table = read_store(tmp_path)
    c, note = with_store_metric(contract(baseline="cpython", candidate="pypy"), table)
    assert c.metric == "instructions" and "stand-in" in note
    same, none = with_store_metric(contract(metric="instructions"), table)
    assert same.metric == "instructions" and none == ""
    with pytest.raises(ContractError, match="no 'time' results"):
        with_store_metric(contract(), table, "time")


def test_a_run_older_than_the_registry_is_judged_as_it_was_measured(tmp_path):
    """A published run made before the newest changes were registered: its stage 2
    ran with fewer changes than the registry now lists, so the stage convention's
    configurations are not in the store; the contract compares stage 1 and stage 2
    as they ran then, and says so."""
    from fivefold.model.design import ChangeInfo

    registry = [ChangeInfo("s1.a", 1, 0), ChangeInfo("s2.old", 2, 0), ChangeInfo("s2.new", 2, 1)]
    for stage, changes, times in ((1, ("s1.a",), [2.0, 2.1, 1.9]),
                                  (2, ("s1.a", "s2.old"), [1.0, 1.05, 0.95])):
        write_result(tmp_path, engine=f"fivefold:stage={stage}", kind="fivefold", stage=stage,
                     changes=changes, benchmark="bm", values=times)
    table = read_store(tmp_path)
    c = contract(stage=2)
    design = design_for(c, table, changes=registry)
    assert "as measured" in design.note and "2 stage-2 changes" in design.note
    result = evaluate(c, table, design, n_boot=200)
    assert result.delivered.value == pytest.approx(2.0, rel=0.01)
    # The registry's own configurations, when the store has them, are used as they are.
    write_result(tmp_path, engine="fivefold:stage=2", kind="fivefold", stage=2,
                 changes=("s1.a", "s2.old", "s2.new"), benchmark="bm", values=[0.5, 0.5, 0.5],
                 commit="ba9876543210")
    write_result(tmp_path, engine="fivefold:stage=1", kind="fivefold", stage=1, changes=("s1.a",),
                 benchmark="bm", values=[2.0, 2.0, 2.0], commit="ba9876543210")
    newer = read_store(tmp_path, commit="ba9876543210")
    assert design_for(c, newer, changes=registry).note == ""
