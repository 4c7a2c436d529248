"""The fivefold-aarch64 engine: spec parsing, the metrics it refuses, a missing
arm64 set-up, and one real count under qemu."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fivefold.harness import aarch64_engine, engine_specs, engines
from fivefold.harness.metrics import METRICS
from fivefold.harness.store import Store
from fivefold.harness.aarch64_counter import DEFAULT_ROOT, QemuPluginCounter

from harness_helpers import fivefold


def test_spec_parsing():
    spec = engine_specs.parse_spec("fivefold-aarch64:stage=2,without=s2.a,s2.b,with=s3.c")
    assert spec.kind == "fivefold-aarch64"
    assert spec.one("stage") == "2"
    assert spec.get("without") == ("s2.a", "s2.b") and spec.get("with") == ("s3.c",)
    specs = engine_specs.parse_specs("cpython,fivefold-aarch64:stage=0,fivefold:stage=1")
    assert [s.kind for s in specs] == ["cpython", "fivefold-aarch64", "fivefold"]
    with pytest.raises(engine_specs.EngineError, match="unknown key 'build'"):
        engine_specs.parse_spec("fivefold-aarch64:build=stats")


def test_metric_and_counter_are_registered():
    metric = METRICS["qemu-instructions"]
    assert metric.name == "qemu-instructions" and isinstance(metric.counter, QemuPluginCounter)


@pytest.mark.parametrize("metric", ["time", "memory", "startup", "instructions"])
def test_refuses_metrics_other_than_qemu_instructions(metric, tmp_path):
    with pytest.raises(engine_specs.EngineError, match="meaningless under emulation"):
        aarch64_engine.check_metric(["fivefold-aarch64"], metric)
    proc = fivefold("bench", "--engines", "fivefold-aarch64:stage=0", "--suite", "fivefold",
                    "--benchmarks", "loops", "--metric", metric, "--results", str(tmp_path / "r"))
    assert proc.returncode == 2 and "meaningless under emulation" in proc.stderr, proc.stderr
    assert not (tmp_path / "r").exists()


def test_qemu_instructions_refused_on_host_engines():
    with pytest.raises(engine_specs.EngineError, match="only fivefold-aarch64 engines"):
        aarch64_engine.check_metric(["cpython", "fivefold-aarch64"], "qemu-instructions")
    aarch64_engine.check_metric(["fivefold-aarch64"], "qemu-instructions")   # no error


def test_missing_setup_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVEFOLD_ARM64_ROOT", str(tmp_path))
    with pytest.raises(engine_specs.EngineError, match="run tools/aarch64/setup.sh first"):
        engines.resolve("fivefold-aarch64:stage=0")
    proc = fivefold("bench", "--engines", "fivefold-aarch64:stage=0", "--suite", "fivefold",
                    "--benchmarks", "loops", "--results", str(tmp_path / "r"),
                    env={"FIVEFOLD_ARM64_ROOT": str(tmp_path)})
    # The metric's check speaks first: the same advice, with the root it looked in.
    assert proc.returncode == 2 and "run tools/aarch64/setup.sh" in proc.stderr, proc.stderr
    assert str(tmp_path) in proc.stderr


def test_source_stamp_changes_with_an_edit(tmp_path):
    (tmp_path / "shared").mkdir()
    source = tmp_path / "shared" / "a.py"
    source.write_text("x = 1\n")
    before = aarch64_engine.source_stamp(tmp_path)
    source.write_text("x = 22\n")
    assert aarch64_engine.source_stamp(tmp_path) != before


@pytest.mark.slow
@pytest.mark.skipif(not Path(os.environ.get("FIVEFOLD_ARM64_ROOT") or DEFAULT_ROOT, "venv").is_dir(),
                    reason="no arm64 set-up (run tools/aarch64/setup.sh; needs qemu-user and the cross sysroot)")
def test_bench_loops_under_qemu_stores_a_positive_count(tmp_path):
    results = tmp_path / "results"
    # No --metric: qemu-instructions is the engine's default.
    proc = fivefold("bench", "--engines", "fivefold-aarch64:stage=0", "--suite", "fivefold",
                    "--benchmarks", "loops", "--results", str(results), "--no-progress",
                    timeout=1800)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    frame = Store(results).index()
    assert len(frame) >= 1
    assert set(frame.fivefold_metric) == {"qemu-instructions"}
    assert set(frame.fivefold_engine) == {"fivefold-aarch64:stage=0"}
    row = frame.iloc[0]
    assert row.fivefold_arch == "aarch64" and row.fivefold_stage == "0"
    assert row.fivefold_python_version.startswith("3.11")
    assert row["mean"] > 0
