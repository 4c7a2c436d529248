"""stage_gains: the per-change table stage1/README.md shows, from a store with known answers."""

from __future__ import annotations

import pytest
from fivefold import changes as registry
from fivefold.harness import stage_gains, stage_measure
from fivefold.model.synthetic_store import engine_spec, write_result

registry.load_stages()
STAGE1 = [c for c in registry.all_changes() if c.stage == 1]


def write_store(root, gain_of):
    """Instructions per loop: 1000 at stage 0, divided by each change's gain when on."""
    def write(subset, spec):
        subset = registry.with_requirements(subset)   # what the engine runs with
        count = 1000.0
        for change in subset:
            count /= gain_of(change)
        for bench in ("calls", "loops"):
            write_result(root, engine=spec, kind="fivefold", stage=1, benchmark=bench, metric="instructions",
                         changes=set(subset), values=[count])
    write((), engine_spec("fivefold", 0))
    for c in STAGE1:
        write({c.id}, engine_spec("fivefold", 0, with_=(c.id,)))
    write([c.id for c in STAGE1], engine_spec("fivefold", 1))


def test_table_shows_each_change_and_the_compounded_projection(tmp_path):
    write_store(tmp_path, lambda change: 1.25 if change == "s1.call" else 1.0)
    text, benchmarks = stage_gains.gains_table(1, str(tmp_path), None, "instructions")
    assert benchmarks == ["calls", "loops"]
    call_row = next(line for line in text.splitlines() if "`s1.call`" in line)
    assert "1.250x" in call_row and "FIVEFOLD_WITHOUT=s1.call" in call_row and "calls 1.250x" in call_row
    truth_row = next(line for line in text.splitlines() if "`s1.truth`" in line)
    assert "1.000x" in truth_row
    assert "projected 1.250x" in text and "measured 1.250x" in text and "gap +0.0%" in text


def test_the_adaptive_loop_cost_counts_once(tmp_path):
    # The loop alone costs 5%; every family gives 1.1x on top of it.
    write_store(tmp_path, lambda change: 0.95 if change == "s1.quickening" else 1.1)
    text, _ = stage_gains.gains_table(1, str(tmp_path), None, "instructions")
    quickening_row = next(line for line in text.splitlines() if "`s1.quickening`" in line)
    assert "0.950x" in quickening_row and "FIVEFOLD_WITH=s1.quickening" in quickening_row
    families = len(STAGE1) - 1
    total = 0.95 * 1.1 ** families
    assert f"projected {total:.3f}x" in text and f"measured {total:.3f}x" in text


def test_missing_configuration_is_named(tmp_path):
    write_store(tmp_path, lambda change: 1.1)
    for path in tmp_path.rglob("*.json"):
        if "s1.for_iter" in str(path):
            path.unlink()
    with pytest.raises(SystemExit, match=r"lacks fivefold\[s1.for_iter,s1.quickening\]"):
        stage_gains.gains_table(1, str(tmp_path), None, "instructions")


def test_write_docs_replaces_between_markers(tmp_path):
    readme = tmp_path / "README.md"
    begin, end = stage_measure.gains_markers(1)
    readme.write_text(f"intro\n{begin}\nold\n{end}\noutro\n")
    stage_measure.write_gains(readme, 1, "new table")
    assert readme.read_text() == f"intro\n{begin}\nnew table\n{end}\noutro\n"


def test_the_experiment_runs_each_change_alone_and_all_but_one():
    engines = stage_gains.stage_engines(1)
    ids = [c.id for c in STAGE1]
    required = {need for c in STAGE1 for need in c.requires}
    assert engines[:2] == ["fivefold:stage=0", "fivefold:stage=1"]
    assert [e for e in engines if ",with=" in e] == [f"fivefold:stage=0,with={i}" for i in ids]
    # Leave-one-out: not of a change the others require (stage 1 again) or one off by default.
    assert [e for e in engines if ",without=" in e] == [
        f"fivefold:stage=1,without={c.id}" for c in STAGE1
        if c.on_by_default and c.id not in required]
    assert "s1.quickening" in required and "fivefold:stage=1,without=s1.quickening" not in engines
    assert stage_gains.bench_command(1, "r", "instructions", "calls").count("--engines") == 1


def test_a_cluster_run_is_read_from_every_machine_that_measured(tmp_path):
    """A cluster spreads the experiment's runs over its workers' machines: read alone,
    the newest machine holds only part of it."""
    from fivefold.model.store_reader import read_store

    write_result(tmp_path, engine="fivefold:stage=0", kind="fivefold", stage=0, benchmark="calls",
                 metric="instructions", values=[1000.0], machine="worker-a",
                 timestamp="2026-01-01T00:00:00+00:00")
    write_result(tmp_path, engine="fivefold:stage=1", kind="fivefold", stage=1, benchmark="calls",
                 metric="instructions", values=[800.0], machine="worker-b",
                 timestamp="2026-01-01T00:00:01+00:00")
    assert set(read_store(tmp_path)["machine"]) == {"worker-b"}
    both = read_store(tmp_path, all_machines=True)
    assert set(both["machine"]) == {"worker-a", "worker-b"} and len(both) == 2


def test_a_run_older_than_a_change_gets_its_row_marked_not_a_stop(tmp_path):
    """A run made before a change was registered has neither its isolated engine nor
    a stage N with it: the table is of the changes the run ran, the newer one's row
    says so (missing configurations of a change the run did have still stop it,
    test_missing_configuration_is_named)."""
    newer = "s1.superinstructions"
    ran = [c for c in STAGE1 if c.id != newer]

    def write(subset, spec):
        subset = registry.with_requirements(subset)
        count = 1000.0 / (1.25 if "s1.call" in subset else 1.0)
        write_result(tmp_path, engine=spec, kind="fivefold", stage=1, benchmark="calls",
                     metric="instructions", changes=set(subset), values=[count])
    write((), engine_spec("fivefold", 0))
    for c in ran:
        write({c.id}, engine_spec("fivefold", 0, with_=(c.id,)))
    write([c.id for c in ran], engine_spec("fivefold", 1))
    text, _ = stage_gains.gains_table(1, str(tmp_path), None, "instructions")
    row = next(line for line in text.splitlines() if f"`{newer}`" in line)
    assert "registered after this run" in row
    assert "projected 1.250x" in text and "measured 1.250x" in text
