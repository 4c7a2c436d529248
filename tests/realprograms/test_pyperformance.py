"""pyperformance's own benchmark files run on fivefold and compute what they compute on
CPython (pyperformance_check.py records every call's result in the benchmark file and
in the stdlib modules it is about); and they run through pyperf with their worker
processes on the fivefold-python launcher."""

from __future__ import annotations

import json
import sys

import pytest

from realprograms_support import run
from fivefold.harness.pyperformance_runs import PyperfOptions, pyperf_command
from fivefold.harness.suites import PYPERFORMANCE_BENCHMARKS, pyperformance_benchmark


def _marks(bench):
    return [pytest.mark.slow] if bench.slow_check else []


def _check(engine, name, tmp_path):
    out = tmp_path / f"{name}.{engine}.json"
    result = run([sys.executable, "-m", "fivefold.harness.pyperformance_check", "--engine", engine,
                  name, out], tmp_path)
    assert result.returncode == 0, f"{name} on {engine}:\n{result.stderr[-3000:]}"
    return json.loads(out.read_text())


@pytest.mark.parametrize("name", [pytest.param(b.name, marks=_marks(b))
                                  for b in PYPERFORMANCE_BENCHMARKS])
def test_benchmark_computes_the_same_on_fivefold(name, tmp_path):
    bench = pyperformance_benchmark(name)
    theirs = _check("cpython", name, tmp_path)
    ours = _check("fivefold", name, tmp_path)
    if name != "coroutines":  # (its module holds an async def: older compilers fall back whole)
        assert ours["main_on_fivefold"], "the benchmark file must be compiled by fivefold"
    for module in bench.accelerate:
        assert module in ours["modules_on_fivefold"], module
    assert theirs["records"] or theirs["results"], "the check must observe something"
    for key in ("results", "stdout", "calls"):
        assert ours[key] == theirs[key], key
    for i, (a, b) in enumerate(zip(ours["records"], theirs["records"])):
        assert a == b, f"call {i} differs: fivefold {a} vs CPython {b}"
    assert len(ours["records"]) == len(theirs["records"])


@pytest.mark.parametrize("name", [
    "richards",
    pytest.param("pickle_pure_python", marks=pytest.mark.slow),
    pytest.param("nbody", marks=pytest.mark.slow),
])
# host_only: under qemu-user the venv's launcher is a host-side wrapper, so pyperf's
# recorded python_executable differs from the path this test expects (docs/aarch64.md).
@pytest.mark.host_only
def test_benchmark_runs_through_pyperf_with_workers_on_fivefold(name, launcher, tmp_path):
    import pyperf

    bench = pyperformance_benchmark(name)
    output = tmp_path / "out.json"
    options = PyperfOptions(processes=1, values=1, warmups=0, loops=1)
    cmd, env = pyperf_command(bench, str(launcher), output, options, accelerate=True)
    result = run(cmd, tmp_path, FIVEFOLD_STAGE="0", **env)
    assert result.returncode == 0, result.stderr[-3000:]
    for benchmark in pyperf.BenchmarkSuite.load(str(output)).get_benchmarks():
        assert benchmark.get_metadata()["python_executable"] == str(launcher)
        assert benchmark.get_nvalue() >= 1
