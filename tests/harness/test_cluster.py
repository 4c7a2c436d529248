"""`fivefold bench --cluster`: the benchmark matrix as jobs of a Dask cluster.

One LocalCluster of two worker processes (one thread each, resource bench=1, as
docs/harness.md tells real workers to start) serves the module; its workers
call their machine `worker-machine`, this process (the client) is conftest's
`testhost-...`, so a stored result shows which side measured it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import distributed   # the 'cluster' extra, which 'test' installs: not skipped when missing
import pytest

from fivefold.harness import cluster, engines, runner, stage_gains, stage_measure
from fivefold.harness.metrics import RunOptions, get_metric
from fivefold.harness.store import Store
from fivefold.harness.suites import folder_suite, suite_source

from harness_helpers import fivefold, write_tiny_suite

WORKER_MACHINE = "worker-machine"
# pyperf's quickest real run, as test_memory_and_startup_metrics runs it: 1 worker
# process, 2 values, no warm-up.
QUICK = RunOptions(processes=1, values=2, warmups=0)


@pytest.fixture(scope="module")
def local_cluster(tmp_path_factory):
    cache = tmp_path_factory.mktemp("worker-cache")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  resources={cluster.RESOURCE: 1}, dashboard_address=":0",
                                  env={"FIVEFOLD_MACHINE": WORKER_MACHINE,
                                       "FIVEFOLD_CACHE": str(cache)}) as made:
        yield made


def _engines():
    # The same interpreter under two specs: two engines, both cheap to resolve.
    return [engines.resolve("cpython"), engines.resolve(f"cpython:path={sys.executable}")]


def _relative(store: Store) -> set[tuple[str, ...]]:
    """Each stored file's path below its machine folder."""
    return {path.relative_to(store.root).parts[1:] for path in store.files()}


def test_matrix_through_the_cluster_stores_what_in_process_stores(local_cluster, tiny_suite,
                                                                 tmp_path):
    suite, metric = folder_suite(tiny_suite), get_metric("time")
    here = Store(tmp_path / "here")
    local = cluster.execute(_engines(), suite, metric, QUICK, here, suite_source(str(tiny_suite)),
                           progress=False)
    there = Store(tmp_path / "there")
    remote = cluster.execute(_engines(), suite, metric, QUICK, there, suite_source(str(tiny_suite)),
                            cluster=local_cluster.scheduler_address, progress=False)
    assert not local.failed and not remote.failed, (local.failed, remote.failed)
    assert len(remote.measured) == len(local.measured) == 4 and len(remote.jobs) == 4
    # The same files (commit, engine, suite, benchmark, metric), each under the
    # machine that measured it: the workers', not this client's.
    assert _relative(there) == _relative(here)
    assert {p.relative_to(there.root).parts[0] for p in there.files()} == {WORKER_MACHINE}
    assert remote.machines == {WORKER_MACHINE}
    frame, mine = there.index(), here.index()
    assert set(frame.fivefold_machine) == {WORKER_MACHINE}
    assert set(mine.fivefold_machine) == {"testhost-x86_64-00000000"}
    assert (frame.n_values > 0).all() and (frame["mean"] > 0).all()
    columns = ["fivefold_commit", "fivefold_engine", "fivefold_suite", "fivefold_benchmark",
               "fivefold_metric", "fivefold_weight", "fivefold_entry", "fivefold_version",
               "fivefold_source", "fivefold_implementation"]
    key = ["fivefold_engine", "fivefold_benchmark"]
    assert (frame[columns].sort_values(key).reset_index(drop=True)
            .equals(mine[columns].sort_values(key).reset_index(drop=True)))
    # At most one job at a time on each worker, from the times each worker recorded:
    # 4 jobs on 2 workers, so some worker ran two or more in turn.
    by_worker: dict[str, list[tuple[float, float]]] = {}
    for job in remote.jobs:
        assert job.worker and job.ended >= job.started
        by_worker.setdefault(job.worker, []).append((job.started, job.ended))
    assert max(len(spans) for spans in by_worker.values()) >= 2
    for spans in by_worker.values():
        spans.sort()
        assert all(start >= end for (_, end), (start, _) in zip(spans, spans[1:])), spans
    # Run again: everything is stored on the cluster's machine, nothing is sent.
    again = cluster.execute(_engines(), suite, metric, QUICK, there, suite_source(str(tiny_suite)),
                           cluster=local_cluster.scheduler_address, progress=False)
    assert len(again.skipped) == 4 and not again.jobs


# A benchmark script whose first run kills the process that runs the job (pyperf's
# manager is a child of the Dask worker process): the worker dies mid-job once.
KILLER = '''
import os, signal, sys
from pathlib import Path

MARKER = Path({marker!r})
if "--worker" not in sys.argv and not MARKER.exists():
    MARKER.write_text(str(os.getppid()))
    os.kill(os.getppid(), signal.SIGKILL)
    sys.exit(1)

import pyperf

def killer():
    return sum(range(100))

pyperf.Runner().bench_func("killer", killer)
'''


def test_a_killed_workers_job_runs_again(local_cluster, tmp_path):
    folder = write_tiny_suite(tmp_path / "suite", names=("tiny_a",), weights={"tiny_a": 1.0})
    marker = tmp_path / "killed"
    (folder / "killer.py").write_text(KILLER.format(marker=str(marker)))
    store = Store(tmp_path / "results")
    outcome = cluster.execute([engines.resolve("cpython")], folder_suite(folder), get_metric("time"),
                             QUICK, store, suite_source(str(folder)),
                             cluster=local_cluster.scheduler_address, progress=False)
    assert marker.is_file()   # a worker did die running it
    assert not outcome.failed, outcome.failed
    assert {p.name for p in store.files()} == {"killer.time.json", "tiny_a.time.json"}
    assert set(store.index().fivefold_machine) == {WORKER_MACHINE}


def test_a_failing_job_is_reported_and_the_others_kept(local_cluster, tmp_path):
    folder = write_tiny_suite(tmp_path / "suite", names=("tiny_a",), weights={"tiny_a": 1.0})
    (folder / "broken.py").write_text("raise SystemExit('this benchmark is broken')\n")
    store = Store(tmp_path / "results")
    outcome = cluster.execute([engines.resolve("cpython")], folder_suite(folder), get_metric("time"),
                             QUICK, store, suite_source(str(folder)),
                             cluster=local_cluster.scheduler_address, progress=False)
    assert [(e, x) for e, x, _ in outcome.failed] == [("cpython", "broken")]
    assert "this benchmark is broken" in outcome.failed[0][2]
    assert [p.name for p in store.files()] == ["tiny_a.time.json"]


def test_ctrl_c_keeps_what_was_stored(local_cluster, tiny_suite, tmp_path, monkeypatch):
    """Ctrl-C while results come in: the jobs not back are cancelled, the stored stay."""
    stored = []

    def store_then_interrupt(*args, **kw):
        runner_store(*args, **kw)
        stored.append(args[1])
        raise KeyboardInterrupt

    runner_store = runner.store_measured
    monkeypatch.setattr(runner, "store_measured", store_then_interrupt)
    store = Store(tmp_path / "results")
    outcome = cluster.execute(_engines(), folder_suite(tiny_suite), get_metric("time"), QUICK,
                              store, suite_source(str(tiny_suite)),
                              cluster=local_cluster.scheduler_address, progress=False)
    assert outcome.interrupted and len(stored) == 1 and len(outcome.measured) == 1
    assert [p.name for p in store.files()] == [outcome.measured[0].name]
    assert (store.root / "index.csv").is_file()


def test_the_stage_measurement_runs_its_experiment_through_the_cluster(monkeypatch, tmp_path):
    """--gains --measure --cluster: every isolated and leave-one-out configuration
    goes to cluster.execute with the cluster's address; the table reads every machine."""
    from fivefold import changes as registry

    registry.load_stages()
    seen = {}

    def execute(engines, suite, metric, options, store, source, cluster=None, **kw):
        seen.update(engines=[e.name for e in engines], cluster=cluster, suite=suite.name,
                    benchmarks=[e.name for e in suite.entries], metric=metric.name,
                    repeat=options.repeat, root=store.root)
        return runner.Outcome(machines={"a", "b"})

    def gains_table(stage, results, commit, metric, all_machines=False):
        seen.update(all_machines=all_machines)
        return "TABLE", ["calls"]

    monkeypatch.setattr(cluster, "execute", execute)
    monkeypatch.setattr(engines, "resolve", lambda spec: engines.Engine(
        engines.parse_spec(spec), Path(sys.executable)))
    monkeypatch.setattr(stage_gains, "gains_table", gains_table)
    monkeypatch.setattr(get_metric("instructions"), "check", lambda: None)
    status = stage_measure.main(["--stage", "1", "--gains", "--measure", "--benchmarks", "calls",
                                 "--results", str(tmp_path), "--cluster", "tcp://scheduler:8786"])
    assert status == 0
    ids = [c.id for c in registry.all_changes() if c.stage == 1]
    assert seen["engines"][:2] == ["fivefold:stage=0", "fivefold:stage=1"]
    assert {f"fivefold:stage=0,with={i}" for i in ids} <= set(seen["engines"])
    assert any(e.startswith("fivefold:stage=1,without=") for e in seen["engines"])
    assert seen["cluster"] == "tcp://scheduler:8786" and seen["all_machines"]
    assert seen["benchmarks"] == ["calls"] and seen["metric"] == "instructions"
    assert seen["repeat"] == 1 and seen["root"] == tmp_path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The free port is found when the test runs: collection must name the same tests in
# every pytest-xdist worker.
@pytest.mark.parametrize("address, says", [
    ("tcp://127.0.0.1:{free}", "no Dask scheduler answers at tcp://127.0.0.1:"),
    ("scheduler:8786", "give the scheduler's address (tcp://host:8786) or local:N"),
    ("local:0", "give local:N with N worker processes"),
])
def test_a_cluster_that_is_not_there_is_one_line(tiny_suite, tmp_path, address, says):
    address = address.format(free=_free_port())
    proc = fivefold("bench", "--engines", "cpython", "--suite", str(tiny_suite), "--benchmarks",
                    "tiny_a", "--results", str(tmp_path / "r"), "--cluster", address,
                    env={"FIVEFOLD_CLUSTER_TIMEOUT": "1"}, timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("fivefold bench: error: ") and says in lines[0], \
        proc.stderr
    assert not (tmp_path / "r").exists() or not Store(tmp_path / "r").files()


def test_without_the_cluster_extra_it_names_the_extra(tiny_suite, tmp_path):
    code = textwrap.dedent(f"""
        import sys
        sys.modules["distributed"] = None   # as if the 'cluster' extra were not installed
        from fivefold.cli import main
        sys.exit(main(["bench", "--engines", "cpython", "--suite", {str(tiny_suite)!r},
                       "--results", {str(tmp_path / "r")!r}, "--cluster", "local:2"]))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "fivefold bench: error: --cluster needs the 'cluster' extra (distributed is not "
        "installed): pip install 'fivefold[cluster]'"]


def test_in_process_bench_and_its_help_import_no_dask(tiny_suite, tmp_path):
    code = textwrap.dedent(f"""
        import sys
        from fivefold.cli import main
        try:
            main(["bench", "--help"])
        except SystemExit:
            pass
        status = main(["bench", "--engines", "cpython", "--suite", {str(tiny_suite)!r},
                       "--benchmarks", "tiny_a", "-p", "1", "-n", "2", "-w", "0",
                       "--no-progress", "--results", {str(tmp_path / "r")!r}])
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("dask", "distributed"))
        print("LOADED", loaded)
        sys.exit(status)
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "--cluster ADDRESS" in proc.stdout and "LOADED []" in proc.stdout
    assert len(Store(tmp_path / "r").files()) == 1
