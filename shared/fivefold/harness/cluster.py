"""`fivefold bench --cluster ADDRESS`: a run's steps as jobs of a Dask cluster.

Each step of the run (engine x change selection x suite entry, for its metric:
runner.plan) is one Dask task. The task names the step by text (the engine
spec, the suite's name or folder, the entry, the metric), so the worker
resolves the engine and finds the script on its own machine, then measures it
with runner.measure_step, the in-process run's own path. It returns pyperf's
JSON with the identity of the machine that measured it; the client files each
result in its results store (Store.write: atomic) under that machine, not its
own, as results arrive.

Why Dask distributed rather than Ray: it is pure Python and pip-installable
beside pyperf (no separate runtime to build), its `LocalCluster` gives the tests
a real cluster of worker processes on one machine, worker *resources* keep a
worker to one benchmark job at a time, and its scheduler re-runs the tasks of
a worker that dies (``distributed.scheduler.allowed-failures``). Ray does the
same with a larger runtime (a raylet, an object store in shared memory) that
would sit beside the measured process on every machine.

- One job at a time per worker: every task asks for the resource ``bench=1``
  and workers offer ``bench=1`` (`dask worker ADDR --nthreads 1 --resources
  bench=1`): two benchmarks on one worker would share its cores and caches and
  disturb each other's timings, whatever threads the worker has.
- A worker that dies (killed, out of memory, its machine gone): the scheduler
  hands its running task to another worker, up to allowed-failures times
  (default 3), then the step fails as "killed worker" and the others go on.
- A step that fails for a real reason (the benchmark raised, the engine did not
  start) comes back as an error and is not re-run: it would fail again.
- Ctrl-C cancels what is queued; what was stored stays.

`distributed` is imported only here and only when a run asks for a cluster
(the 'cluster' extra); `fivefold bench` without --cluster never imports it.
"""

from __future__ import annotations

import logging
import os
import time
import uuid
from dataclasses import dataclass
from functools import lru_cache

from fivefold.harness import identity, runner
from fivefold.harness.engine_specs import EngineError
from fivefold.harness.metrics import MeasureError, Metric, RunOptions, get_metric
from fivefold.harness.runner import Measured, Outcome
from fivefold.harness.store import Key, Store
from fivefold.harness.suites import Suite, SuiteError, load_suite

RESOURCE = "bench"            # the worker resource a benchmark job takes, one per worker
LOCAL = "local:"              # --cluster local:N, a cluster of N worker processes here
EXTRA = "cluster"


class ClusterError(Exception):
    """A cluster that cannot run the jobs: said in one line."""


def _seconds(variable: str, default: float) -> float:
    """A timeout from the environment (FIVEFOLD_CLUSTER_TIMEOUT, _WAIT), else `default`."""
    text = os.environ.get(variable, "")
    try:
        return float(text) if text else default
    except ValueError:
        raise ClusterError(f"{variable}={text!r} is not a number of seconds") from None


# -- on the worker -----------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """One step, named so that any machine with the same fivefold can run it."""

    engine: str            # the spec as typed
    suite: str             # 'pyperformance', 'fivefold' or a folder (same path on every worker)
    entry: str
    metric: str
    options: RunOptions
    commit: str            # the client's: what the results are filed under
    source: str            # the client's identity.source_hash(): the worker must match it


def worker_identity() -> tuple[str, str]:
    """(machine, fivefold source hash) of the machine this runs on."""
    return identity.machine_slug(), identity.source_hash()


# A worker resolves an engine once (a probe of the interpreter, a wrapper script,
# perhaps a variant build) and loads a suite once, for all the jobs it runs.
@lru_cache(maxsize=None)
def _engine(spec: str):
    from fivefold.harness import engines

    return engines.resolve(spec)


@lru_cache(maxsize=None)
def _suite(source: str) -> Suite:
    return load_suite(source)


def _worker_address() -> str:
    from distributed import get_worker

    try:
        return get_worker().address
    except ValueError:  # not inside a worker (a direct call)
        return ""


def _other_sources(worker: str, machine: str, source: str, client_source: str) -> ClusterError:
    """A worker runs other fivefold sources than the client: checked when the run
    starts and again by each job (a worker may join later)."""
    return ClusterError(f"worker {worker} ({machine}) runs other fivefold sources ({source}) "
                        f"than the client ({client_source}): install the same fivefold on every worker")


def run_job(job: Job) -> Measured:
    """Measure one step on this worker's machine (runner.measure_step). What keeps
    it from running here (another fivefold, an engine that does not start) is
    returned as the step's error, like a failed measurement."""
    worker = _worker_address()
    started = time.time()
    try:
        machine, source = worker_identity()
        if source != job.source:
            raise _other_sources(worker, machine, source, job.source)
        metric = get_metric(job.metric)
        metric.check()
        engine = _engine(job.engine)
        suite = _suite(job.suite)
        entries = [e for e in metric.entries(suite.all_entries(), engine) if e.name == job.entry]
        if not entries:
            raise SuiteError(f"suite {job.suite!r} on {machine} has no benchmark {job.entry!r}")
    except (ClusterError, EngineError, SuiteError, MeasureError) as exc:
        return Measured(identity.machine_slug(), error=str(exc), started=started,
                        ended=time.time(), worker=worker)
    measured = runner.measure_step(engine, entries[0], suite, metric, job.options,
                                   identity.cache_dir() / "logs", job.commit)
    measured.worker = worker
    return measured


# -- on the client -----------------------------------------------------------------

def execute(engines, suite: Suite, metric: Metric, options: RunOptions, store: Store,
            suite_source: str, cluster: str | None = None, force: bool = False, console=None,
            progress: bool = True) -> Outcome:
    """The run in this process (`cluster` None, the default: runner.run), or its steps
    sent to the Dask cluster at `cluster` (`run`). `suite_source` names the suite on
    another machine (suites.suite_source)."""
    if cluster is None:
        return runner.run(engines, suite, metric, options, store, force=force, console=console,
                          progress=progress)
    return run(cluster, engines, suite, suite_source, metric, options, store, force=force,
               console=console, progress=progress)


def _distributed():
    try:
        import distributed
    except ModuleNotFoundError as exc:
        raise ClusterError(f"--cluster needs the '{EXTRA}' extra ({exc.name} is not installed): "
                           f"pip install 'fivefold[{EXTRA}]'") from None
    return distributed


def connect(address: str):
    """A Client of the scheduler at `address` (tcp://host:8786), or of a new local
    cluster for 'local:N'; and the local cluster to close afterwards (or None)."""
    if address.startswith(LOCAL):
        count = address[len(LOCAL):]
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(f"--cluster {address}: give local:N with N worker processes, "
                               "e.g. local:2")
        distributed = _distributed()
        # One thread per worker process and the resource bench=1, as `dask worker`
        # is told in docs/harness.md. The scheduler's HTTP server on a free port:
        # its default, 8787, may be another cluster's (it then warns and moves).
        # Its workers' logs only from errors up: Ctrl-C's cancelled tasks are no news.
        cluster = distributed.LocalCluster(n_workers=int(count), threads_per_worker=1,
                                           processes=True, resources={RESOURCE: 1},
                                           dashboard_address=":0", silence_logs=logging.ERROR)
        try:
            return distributed.Client(cluster), cluster
        except Exception:
            cluster.close()
            raise
    if "://" not in address:
        raise ClusterError(f"--cluster {address!r}: give the scheduler's address "
                           "(tcp://host:8786) or local:N")
    distributed = _distributed()
    timeout = _seconds("FIVEFOLD_CLUSTER_TIMEOUT", 10)
    try:
        return distributed.Client(address, timeout=timeout), None
    except (OSError, TimeoutError, ValueError) as exc:  # ValueError: a malformed address
        reason = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise ClusterError(f"no Dask scheduler answers at {address} within {timeout:g} s "
                           f"({reason})") from None


def _bench_workers(client, address: str) -> dict[str, tuple[str, str]]:
    """{worker address: (machine, source hash)} of the workers that offer `bench`,
    once at least one does (waiting FIVEFOLD_CLUSTER_WAIT seconds, default 60)."""
    deadline = time.monotonic() + _seconds("FIVEFOLD_CLUSTER_WAIT", 60)
    while True:
        workers = client.scheduler_info(n_workers=-1)["workers"]
        able = [w for w, info in workers.items() if info.get("resources", {}).get(RESOURCE, 0) >= 1]
        if able:
            break
        if time.monotonic() > deadline:
            raise ClusterError(f"no worker of {address} offers the resource {RESOURCE}=1 "
                               f"({len(workers)} worker(s) without it): start workers with "
                               f"`dask worker {address} --nthreads 1 --resources {RESOURCE}=1`")
        time.sleep(0.5)
    try:
        return client.run(worker_identity, workers=able)
    except Exception as exc:  # whatever the worker raised: it cannot import or run fivefold
        raise ClusterError(f"a worker of {address} cannot run fivefold "
                           f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}): "
                           "install the same fivefold on every worker") from None


def _outcome_of(future, distributed) -> Measured:
    """The job's result, or why there is none as the step's error."""
    try:
        return future.result()
    except distributed.KilledWorker as exc:
        return Measured("", error=f"every worker that ran it died ({exc}); Dask's "
                                  "distributed.scheduler.allowed-failures gave up")
    except Exception as exc:  # a bug in the job, raised on the worker: this step only
        text = str(exc).splitlines()[0] if str(exc) else ""
        return Measured("", error=f"the job raised {type(exc).__name__}: {text}")


def run(address: str, engines, suite: Suite, suite_source: str, metric: Metric,
        options: RunOptions, store: Store, force: bool = False, console=None,
        progress: bool = True) -> Outcome:
    """runner.run's steps as jobs of the cluster at `address`; the results are
    filed here as they arrive. Raises ClusterError before any job when the
    cluster cannot run them."""
    distributed = _distributed()
    commit, source = identity.commit(), identity.source_hash()
    suite_name = metric.suite_name(suite.name)
    client, cluster = connect(address)
    outcome = Outcome()
    futures = {}
    try:
        workers = _bench_workers(client, address)
        other = sorted(w for w, (_, s) in workers.items() if s != source)
        if other:
            raise _other_sources(other[0], *workers[other[0]], source)
        machines = {m for m, _ in workers.values()}
        outcome.machines |= machines
        # Task keys are the scheduler's, shared by every client: a run's own prefix
        # keeps two runs on one cluster from taking each other's results.
        run_id = uuid.uuid4().hex[:12]
        steps = runner.plan(engines, suite, metric)
        for engine, entry in steps:
            keys = [Key(m, commit, engine.name, suite_name, entry.name, metric.name) for m in machines]
            if not force and any(store.entry_done(k, entry.name) for k in keys):
                outcome.skipped.append((engine.name, entry.name))
                continue
            job = Job(engine.name, suite_source, entry.name, metric.name, options, commit, source)
            # The interleaved order as priorities (higher first: Dask's scheduler
            # does not keep the order of submission), so that a stopped run has
            # whole entries, every engine of each. retries=0: an exception in a job
            # is the job's own and would recur; a dead worker's task is re-run by
            # the scheduler regardless.
            future = client.submit(run_job, job, resources={RESOURCE: 1}, pure=False, retries=0,
                                   priority=len(steps) - len(futures),
                                   key=f"fivefold-bench-{run_id}-{len(futures)}-{entry.name}")
            futures[future] = (engine.name, entry.name)
        _collect(futures, distributed, store, suite_name, metric, commit, force, outcome,
                 console, progress)
    except KeyboardInterrupt:
        # Queued and running jobs are cancelled; every stored file is whole (Store.write).
        outcome.interrupted = True
        try:
            client.cancel(list(futures))
        except Exception:  # a scheduler already gone: nothing left to cancel
            pass
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    store.write_index()
    return outcome


def _collect(futures, distributed, store, suite_name, metric, commit, force, outcome,
             console, progress) -> None:
    with runner.progress_bar(console, progress) as bar:
        task = bar.add_task(f"{len(futures)} jobs on the cluster", total=len(futures))
        for future in distributed.as_completed(futures):
            engine_name, entry_name = futures[future]
            measured = _outcome_of(future, distributed)
            outcome.jobs.append(measured)
            if measured.machine:
                outcome.machines.add(measured.machine)
            runner.store_measured(store, measured, engine_name, entry_name, suite_name,
                                  metric.name, commit, force, outcome)
            if measured.error:
                bar.console.print(runner.failure_line(engine_name, entry_name, measured.error))
            bar.update(task, description=f"{entry_name} on {engine_name} "
                                         f"({measured.machine or 'no machine'})")
            bar.advance(task)
        bar.update(task, description="done")
