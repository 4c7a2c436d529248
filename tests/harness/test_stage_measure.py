"""stage_measure and stage_timing: one measurement for every stage (no pyperf run here)."""

from __future__ import annotations

import platform
import sys

import pytest

from fivefold.harness import stage_measure, stage_timing
from fivefold.harness.pyperformance_runs import PyperfOptions


def test_each_stage_runs_against_the_one_before_it_and_cpython():
    assert [e.label for e in stage_timing.engines_for(0)] == ["cpython", "tier0"]
    assert [e.label for e in stage_timing.engines_for(1)] == ["cpython", "tier0", "stage1"]
    assert [(e.label, e.stage) for e in stage_timing.engines_for(3)] == [
        ("cpython", None), ("tier0", "0"), ("stage2", "2"), ("stage3", "3")]


def test_table_of_a_stage_compares_it_with_the_stage_before():
    seconds = {"cpython": 1.0, "tier0": 4.0, "stage1": 2.0, "stage2": 1.0}
    outcomes = [stage_timing.Outcome("nbody", dict(seconds)),
                stage_timing.Outcome("deepcopy", dict(seconds))]
    text = stage_timing.table(2, outcomes, "CMD", PyperfOptions(processes=1))
    assert "stage 2 is 2.00x stage 1 (target 1.5x) and 1.00x CPython" in text
    assert "stage 1 is 0.50x CPython" in text and "stage 2 is 4.00x tier 0" in text
    assert "stage 2 vs stage 1" in text and "tier 0 vs CPython" in text
    assert "also compiled: copy" in text
    assert "runs on CPython, tier 0, stage 1 and stage 2 in turn" in text and "    CMD\n" in text
    assert stage_timing.all_measured(2, outcomes)


def test_other_cpythons_are_measured_beside_them():
    also = (stage_timing.other_cpython(sys.executable),)
    version = platform.python_version()
    assert also[0] == stage_timing.StageEngine(f"cpython{version}", f"CPython {version}", None,
                                               sys.executable)
    assert [e.label for e in stage_timing.engines_for(2, also)] == [
        "cpython", f"cpython{version}", "tier0", "stage1", "stage2"]
    outcomes = [stage_timing.Outcome("nbody", {"cpython": 1.0, f"cpython{version}": 0.5,
                                               "tier0": 4.0, "stage1": 2.0, "stage2": 1.0})]
    text = stage_timing.table(2, outcomes, "CMD", PyperfOptions(processes=1), also)
    assert f"stage 2 is 0.50x CPython {version}" in text
    assert f"| CPython {version} vs CPython" in text.replace("  ", " ")


def test_stage_zero_is_tier_zero_against_cpython():
    outcomes = [stage_timing.Outcome("nbody", {"cpython": 1.0, "tier0": 2.0})]
    text = stage_timing.table(0, outcomes, "CMD", PyperfOptions())
    assert "Geometric mean speed of fivefold tier 0: 0.50x CPython" in text
    assert "target for tier 0: 0.75x or more" in text
    assert not stage_timing.all_measured(0, [stage_timing.Outcome("nbody", {"cpython": 1.0})])


def test_timing_table_replaces_the_block_an_older_command_wrote(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- stage 1 table: begin (written by an older tool) -->\nold\n"
                      "<!-- stage 1 table: end -->\noutro\n")
    stage_measure.write_timing(readme, 1, "Measured", "new\n")
    begin, end = stage_measure.timing_markers(1)
    assert readme.read_text() == f"intro\n{begin}\n## Measured\n\nnew\n{end}\noutro\n"
    assert "--stage 1" in begin
    other = tmp_path / "OTHER.md"
    other.write_text("text\n")
    stage_measure.write_timing(other, 0, "Baseline", "table\n")
    assert other.read_text().startswith("text\n\n<!-- baseline table: begin")


def test_gains_table_needs_its_markers(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("no markers\n")
    with pytest.raises(SystemExit, match="no line"):
        stage_measure.write_gains(readme, 1, "table")


@pytest.mark.parametrize("argv", [
    ["--stage", "1", "--gains", "--rounds", "2"],     # an option of the pyperf run
    ["--stage", "1", "--results", "r"],              # an option of --gains
    ["--stage", "0", "--gains"],                      # stage 0 has no changes
    ["--stage", "7"],
])
def test_options_of_the_other_mode_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        stage_measure.main(argv)
    assert exc.value.code == 2
