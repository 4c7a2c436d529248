"""`fivefold results`: a whole engine exported as one pyperf suite, names checked
with a "did you mean", an empty or missing store an error (issue 17)."""

import subprocess
import sys

import pyperf
from fivefold.model.synthetic_store import write_result

from harness_helpers import fivefold

BENCHES = ("richards", "nqueens", "go")


def _store(root):
    for engine, scale in (("cpython", 1.0), ("fivefold:stage=2", 0.8)):
        kind = engine.split(":")[0]
        for i, bench in enumerate(BENCHES):
            write_result(root, engine=engine, kind=kind, benchmark=bench, suite="pyperformance",
                         metric="instructions", values=[scale * (i + 1) * 1e6] * 2,
                         extra_metadata={"fivefold_entry": bench})


def test_export_writes_one_suite_that_pyperf_compares(tmp_path):
    _store(tmp_path / "r")
    files = []
    for engine in ("cpython", "fivefold:stage=2"):
        out = tmp_path / f"{engine.replace(':', '_')}.json"
        proc = fivefold("results", "--results", str(tmp_path / "r"), "--metric", "instructions",
                        "--export", str(out), "--engine", engine)
        assert proc.returncode == 0, proc.stderr
        assert f"wrote 3 benchmark(s) of {engine}" in proc.stdout
        suite = pyperf.BenchmarkSuite.load(str(out))
        assert sorted(suite.get_benchmark_names()) == sorted(BENCHES)
        files.append(str(out))
    table = subprocess.run([sys.executable, "-m", "pyperf", "compare_to", "--table", *files],
                           capture_output=True, text=True)
    assert table.returncode == 0, table.stderr
    for bench in BENCHES:
        assert bench in table.stdout
    assert "1.25x faster" in table.stdout


def test_unknown_names_get_a_did_you_mean(tmp_path):
    _store(tmp_path / "r")
    proc = fivefold("results", "--results", str(tmp_path / "r"), "--benchmarks", "richard,nqueens")
    assert proc.returncode == 1
    assert "did you mean 'richards'" in proc.stderr and "Traceback" not in proc.stderr
    proc = fivefold("results", "--results", str(tmp_path / "r"), "--metric", "instructions",
                    "--export", str(tmp_path / "x.json"), "--engine", "fivefold:stage=3")
    assert proc.returncode == 1 and "did you mean 'fivefold:stage=2'" in proc.stderr
    proc = fivefold("results", "--results", str(tmp_path / "r"), "--compare", "cpython,fivefold:stage=2",
                    "--suite", "pyperformance", "--metric", "instructions", "--benchmarks", "nqueens")
    assert proc.returncode == 0, proc.stderr
    assert "nqueens" in proc.stdout and "richards" not in proc.stdout


def test_bench_names_an_unknown_benchmark_with_a_suggestion():
    proc = fivefold("bench", "--engines", "cpython", "--benchmarks", "richads", "--metric", "instructions")
    assert proc.returncode == 2
    assert "did you mean 'richards'" in proc.stderr


def test_an_empty_or_missing_store_is_an_error(tmp_path):
    missing = fivefold("results", "--results", str(tmp_path / "none"))
    assert missing.returncode == 1 and "does not exist" in missing.stderr
    (tmp_path / "empty").mkdir()
    empty = fivefold("results", "--results", str(tmp_path / "empty"))
    assert empty.returncode == 1 and "holds no results" in empty.stderr
    assert "0 stored results" not in empty.stdout
