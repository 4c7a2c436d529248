"""The results store: layout, atomic writes, no silent overwrite, the index."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyperf
import pytest

from fivefold.harness.store import METADATA_KEYS, Key, Store, StoreConflict, safe_name

from harness_helpers import QUICK, write_tiny_suite


def bench(name="b", values=(1.0, 2.0, 3.0), **meta):
    run = pyperf.Run(list(values), metadata={"name": name, "unit": "second", **meta},
                     collect_metadata=False)
    return pyperf.Benchmark([run])


KEY = Key("host-x86_64-1", "abc", "fivefold:stage=1,without=s1.x", "pyperformance", "nbody", "time")


def test_safe_name_follows_the_documented_layout():
    assert safe_name("fivefold:stage=1,without=s1.load_attr") == "fivefold@stage=1,without=s1.load_attr"
    assert safe_name("cpython:path=/usr/bin/python3") == "cpython@path=%2Fusr%2Fbin%2Fpython3"
    assert KEY.relpath() == Path("host-x86_64-1/abc/fivefold@stage=1,without=s1.x/pyperformance/nbody.time.json")


def test_write_then_read_back(tmp_path):
    store = Store(tmp_path)
    path = store.write(KEY, bench(fivefold_benchmark="nbody", fivefold_metric="time"))
    assert path == tmp_path / KEY.relpath()
    assert store.values(path) == [1.0, 2.0, 3.0]
    # A plain pyperf file: pyperf reads it, and no temporary file is left beside it.
    assert pyperf.BenchmarkSuite.load(str(path)).get_benchmarks()[0].get_name() == "b"
    assert sorted(p.name for p in path.parent.iterdir()) == ["nbody.time.json"]
    frame = store.index()
    assert list(frame.columns[:len(METADATA_KEYS)]) == list(METADATA_KEYS)
    row = frame.iloc[0]
    assert (row.fivefold_benchmark, row.n_values, row["mean"], row["median"]) == ("nbody", 3, 2.0, 2.0)
    assert store.values(row) == [1.0, 2.0, 3.0]


def test_never_overwrites_silently(tmp_path):
    store = Store(tmp_path)
    path = store.write(KEY, bench(values=(1.0,)))
    with pytest.raises(StoreConflict):
        store.write(KEY, bench(values=(5.0,)))
    assert store.values(path) == [1.0]
    store.write(KEY, bench(values=(5.0,)), force=True)
    assert store.values(path) == [5.0]
    old = list(path.parent.glob("nbody.*.json.old"))
    assert len(old) == 1 and pyperf.Benchmark.load(str(old[0])).get_values() == (1.0,)
    assert len(store.index()) == 1  # the moved-aside file is not a result


def test_a_write_killed_midway_leaves_the_old_state(tmp_path, monkeypatch):
    store = Store(tmp_path)

    def killed(*args):
        raise KeyboardInterrupt  # what a kill between dump and rename looks like to us

    monkeypatch.setattr(os, "link", killed)
    with pytest.raises(KeyboardInterrupt):
        store.write(KEY, bench())
    folder = (tmp_path / KEY.relpath()).parent
    assert not store.has(KEY)
    assert list(folder.iterdir()) == []
    # A temporary file left by a real SIGKILL is not taken for a result.
    (folder / ".nbody.time.json.x1y2.tmp").write_text("{half a fi")
    assert store.index().empty


def test_index_csv_is_readable_by_pandas(tmp_path):
    store = Store(tmp_path)
    store.write(KEY, bench(fivefold_engine="cpython"))
    frame = pd.read_csv(store.write_index())
    assert frame.loc[0, "fivefold_engine"] == "cpython" and frame.loc[0, "n_values"] == 3


def test_killed_run_resumes_and_skips_what_is_stored(tmp_path):
    # Ten tiny benchmarks: room for the signal to land before the last one.
    names = tuple(f"tiny_{c}" for c in "abcdefghij")
    suite = write_tiny_suite(tmp_path / "suite", names=names)
    results = tmp_path / "results"
    cmd = [sys.executable, "-m", "fivefold", "bench", "--engines", "cpython", "--suite", str(suite),
           "--results", str(results), "--no-progress", *QUICK]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    store = Store(results)
    deadline = time.time() + 120
    while len(store.files()) < 1 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    first = {p: p.read_bytes() for p in store.files()}
    assert 1 <= len(first) < len(names), "the kill came too late to test resuming"
    for path in first:
        pyperf.BenchmarkSuite.load(str(path))  # complete files only
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"skipped {len(first)} stored" in done.stdout
    assert len(store.files()) == len(names)
    for path, data in first.items():
        assert path.read_bytes() == data  # earlier results intact, not re-measured


# -- unreadable files and Ctrl-C (issue 16) ------------------------------------

def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def test_an_unreadable_file_is_named_once_and_skipped(tmp_path):
    warnings = []
    store = Store(tmp_path, warn=warnings.append)
    good = Key("m", "c", "cpython", "s", "good", "time")
    bad = Key("m", "c", "cpython", "s", "bad", "time")
    store.write(good, bench("good", fivefold_entry="good", fivefold_benchmark="good"))
    store.write(bad, bench("bad", fivefold_entry="bad", fivefold_benchmark="bad"))
    _truncate(store.path(bad))
    (store.path(bad).parent / "empty.time.json").write_text("{}")
    frame = store.index()
    assert list(frame.path) == [str(store.path(good))]
    store.index()
    assert len(warnings) == 2 and all("\n" not in w for w in warnings)
    assert any(str(store.path(bad)) in w for w in warnings)
    assert all(w.startswith("fivefold: warning: skipping unreadable result file ") for w in warnings)
    assert store.entry_done(good, "good") and not store.entry_done(bad, "bad")
    assert not store.readable(bad) and store.readable(good)


def test_results_command_skips_an_unreadable_file(tmp_path):
    from harness_helpers import fivefold

    store = Store(tmp_path)
    store.write(Key("m", "c", "cpython", "s", "good", "time"), bench("good"))
    bad = store.write(Key("m", "c", "cpython", "s", "bad", "time"), bench("bad"))
    _truncate(bad)
    result = fivefold("results", "--results", str(tmp_path), "--format", "csv")
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == result.stderr.strip().splitlines()[0]
    assert str(bad) in result.stderr and "Traceback" not in result.stderr
    assert "good" in result.stdout and ",bad," not in result.stdout


def test_bench_runs_over_an_unreadable_file_and_remeasures_it(tmp_path):
    suite = write_tiny_suite(tmp_path / "suite", names=("tiny_a", "tiny_b"))
    results = tmp_path / "results"
    cmd = [sys.executable, "-m", "fivefold", "bench", "--engines", "cpython", "--suite", str(suite),
           "--results", str(results), "--no-progress", *QUICK]
    assert subprocess.run(cmd, capture_output=True, timeout=300).returncode == 0
    store = Store(results)
    first, second = store.files()
    kept = first.read_bytes()
    _truncate(second)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert str(second) in done.stderr and "Traceback" not in done.stderr
    assert first.read_bytes() == kept                      # the good result stays
    pyperf.BenchmarkSuite.load(str(second))                # re-measured
    assert len(list(second.parent.glob("*.json.old"))) == 1  # the bad one moved aside


def test_ctrl_c_during_bench_is_one_line_and_keeps_results(tmp_path):
    # Ten tiny benchmarks: room for the signal to land before the last one.
    names = tuple(f"tiny_{c}" for c in "abcdefghij")
    suite = write_tiny_suite(tmp_path / "suite", names=names)
    results = tmp_path / "results"
    # Ctrl-C's SIGINT as a terminal's foreground job gets it. A process started
    # in the background by a non-interactive shell (nohup ... &) inherits SIGINT
    # ignored, and Python then installs no KeyboardInterrupt handler: the run
    # would go on to the end. The test gives bench Python's own handler first.
    cmd = [sys.executable, "-c",
           "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
           "runpy.run_module('fivefold', run_name='__main__', alter_sys=True)",
           "bench", "--engines", "cpython", "--suite", str(suite),
           "--results", str(results), "--no-progress", *QUICK]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    store = Store(results)
    deadline = time.time() + 120
    while len(store.files()) < 1 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)   # what Ctrl-C in a terminal does
    out, err = proc.communicate(timeout=120)
    files = store.files()
    assert 1 <= len(files) < len(names), "the interrupt came too late to test"
    assert proc.returncode == 130, out + err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().splitlines()[-1] == f"interrupted; {len(files)} results kept in {results}"
    for path in files:
        pyperf.BenchmarkSuite.load(str(path))
    assert not list(results.rglob("*.tmp"))
