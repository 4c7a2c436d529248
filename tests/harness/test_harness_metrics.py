"""How metrics run scripts: pyperf's manager on the harness, workers on the
engine, except for a JIT engine, which runs pyperf's manager itself."""

import sys
from pathlib import Path

import pytest

from fivefold.harness import engine_specs, metrics
from fivefold.harness.suites import Entry


def captured_command(monkeypatch, engine, metric, entry=None):
    seen = []

    def fake_run(cmd, log, cwd, what, env=None):
        seen.append(cmd)
        raise metrics.MeasureError("stop here")

    monkeypatch.setattr(metrics, "_run_logged", fake_run)
    entry = entry or Entry("x", Path("/bench/bm_x/run_benchmark.py"), ("--pure-python", "pickle"))
    with pytest.raises(metrics.MeasureError):
        metric.measure(engine, entry, metrics.RunOptions(fast=True, values=4), Path("/dev/null"))
    return seen[0]


def engine(jit):
    return engine_specs.Engine(engine_specs.parse_spec("pypy" if jit else "cpython"), Path("/opt/engine/python"),
                          facts={"jit": "yes" if jit else ""})


def test_workers_run_on_the_engine(monkeypatch):
    cmd = captured_command(monkeypatch, engine(jit=False), metrics.METRICS["time"])
    assert cmd[:2] == [sys.executable, "/bench/bm_x/run_benchmark.py"]
    assert cmd[cmd.index("--python") + 1] == "/opt/engine/python"
    assert cmd[-2:] == ["--pure-python", "pickle"]
    assert "--fast" in cmd and cmd[cmd.index("--values") + 1] == "4"


def test_a_jit_engine_runs_the_manager_too(monkeypatch):
    cmd = captured_command(monkeypatch, engine(jit=True), metrics.METRICS["time"])
    assert cmd[0] == "/opt/engine/python" and "--python" not in cmd


def test_memory_asks_pyperf_to_track_memory(monkeypatch):
    assert "--track-memory" in captured_command(monkeypatch, engine(jit=False), metrics.METRICS["memory"])


def test_startup_runs_the_engine_itself(monkeypatch):
    startup = metrics.METRICS["startup"]
    e = engine(jit=False)
    (entry,) = startup.entries([], e)
    cmd = captured_command(monkeypatch, e, startup, entry)
    assert cmd[-3:] == ["/opt/engine/python", "-c", "pass"]
    five = engine_specs.Engine(engine_specs.parse_spec("fivefold:stage=0"), Path("/w/python"))
    entries = startup.entries([], five)
    assert [x.name for x in entries] == ["startup_pass", "startup_import_engine", "startup_run_pass"]
    run_pass = captured_command(monkeypatch, five, startup, entries[2])
    assert run_pass[-4:] == ["/w/fivefold", "run", "-c", "pass"]
    assert startup.suite_name("pyperformance") == "startup"
