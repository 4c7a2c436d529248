"""A real run: two tiny benchmarks on the current CPython, fast mode, stored,
compared, and read back by pyperf and pandas."""

import io
import subprocess
import sys

import pandas as pd
import pyperf

from fivefold.harness.store import Store

from harness_helpers import fivefold


def test_bench_two_tiny_benchmarks_on_cpython(tiny_suite, tmp_path):
    results = tmp_path / "results"
    # The same interpreter under two specs: the comparison path runs for real.
    engines = f"cpython,cpython:path={sys.executable}"
    proc = fivefold("bench", "--engines", engines, "--suite", str(tiny_suite), "--fast",
                    "--results", str(results))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "geometric mean" in proc.stdout and "tiny_a" in proc.stdout
    frame = Store(results).index()
    assert len(frame) == 4
    assert set(frame.fivefold_benchmark) == {"tiny_a", "tiny_b"}
    assert set(frame.fivefold_engine) == {"cpython", f"cpython:path={sys.executable}"}
    row = frame[(frame.fivefold_benchmark == "tiny_b") & (frame.fivefold_engine == "cpython")].iloc[0]
    assert row.fivefold_weight == "2.0" and row.fivefold_suite == "tiny" and row.fivefold_metric == "time"
    assert row.fivefold_commit == "0123456789ab" and row.fivefold_implementation == "cpython"
    # Whatever the commit folder says, the engine's version and source hash are filed too.
    from fivefold import __version__

    assert row.fivefold_version == __version__ and len(row.fivefold_source) == 12
    assert row.n_values >= 2 and 0 < row["mean"] < 1
    # pyperf's own tools read the stored files.
    a, b = frame[frame.fivefold_benchmark == "tiny_a"].path
    cmp = subprocess.run([sys.executable, "-m", "pyperf", "compare_to", a, b], capture_output=True, text=True)
    assert cmp.returncode == 0, cmp.stderr
    # The index as CSV, for pandas.
    csv = fivefold("results", "--results", str(results), "--format", "csv")
    assert csv.returncode == 0
    assert len(pd.read_csv(io.StringIO(csv.stdout))) == 4
    # The comparison again, from the stored files alone.
    cmp = fivefold("results", "--results", str(results), "--compare", engines, "--suite", "tiny",
                   "--machine", "testhost-x86_64-00000000")
    assert cmp.returncode == 0 and "geometric mean" in cmp.stdout, cmp.stdout + cmp.stderr
    # Again: everything is stored, nothing is re-measured.
    again = fivefold("bench", "--engines", engines, "--suite", str(tiny_suite), "--fast",
                     "--results", str(results), "--no-progress")
    assert again.returncode == 0 and "measured 0 file(s), skipped 4 stored" in again.stdout


def test_memory_and_startup_metrics(tiny_suite, tmp_path):
    results = tmp_path / "results"
    mem = fivefold("bench", "--engines", "cpython", "--suite", str(tiny_suite), "--benchmarks", "tiny_a",
                   "--metric", "memory", "-p", "1", "-n", "2", "-w", "0", "--results", str(results))
    assert mem.returncode == 0, mem.stdout + mem.stderr
    start = fivefold("bench", "--engines", "cpython", "--suite", str(tiny_suite), "--metric", "startup",
                     "-p", "1", "-n", "3", "-w", "1", "--results", str(results))
    assert start.returncode == 0, start.stdout + start.stderr
    frame = Store(results).index().set_index("fivefold_metric")
    memory = pyperf.Benchmark.load(frame.loc["memory", "path"])
    assert memory.get_unit() == "byte" and 1e6 < memory.mean() < 1e9  # a python process: MBs
    assert frame.loc["startup", "fivefold_suite"] == "startup"
    assert frame.loc["startup", "fivefold_benchmark"] == "startup_pass"
    assert 0.001 < frame.loc["startup", "mean"] < 2


def test_bad_command_lines_lose_nothing(tiny_suite, tmp_path):
    for args, message in [(["--engines", "jython"], "unknown engine kind"),
                          (["--engines", "cpython", "--benchmarks", "nosuch"], "no benchmark nosuch"),
                          (["--engines", "cpython,cpython"], "given twice")]:
        proc = fivefold("bench", "--suite", str(tiny_suite), "--results", str(tmp_path / "r"), *args)
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert not (tmp_path / "r").exists()
