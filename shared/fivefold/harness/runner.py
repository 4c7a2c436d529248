"""Run engines x suite entries for one metric, interleaved and resumable.

For each entry the engines run one after the other (A B A B ...), so drift of a
shared machine over the run hits every engine alike. Each result is stored as
soon as it is measured; a re-run skips what is stored (a killed run resumes).

`measure_step` measures one (engine, entry) on the machine it runs on and
returns pyperf's JSON with the machine's identity; `store_measured` files it.
The in-process run and a cluster's workers (cluster.py) share both.
"""

from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pyperf
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)

from fivefold.harness import identity
from fivefold.harness.metrics import MeasureError, Metric, RunOptions
from fivefold.harness.store import Key, Store
from fivefold.harness.suites import Entry, Suite


@dataclass
class Outcome:
    measured: list[Path] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)   # (engine, entry) already stored
    failed: list[tuple[str, str, str]] = field(default_factory=list)  # (engine, entry, why)
    interrupted: bool = False   # Ctrl-C stopped the run; what was stored stays
    machines: set[str] = field(default_factory=set)   # that measured (or could have) the steps
    jobs: list["Measured"] = field(default_factory=list)   # a cluster run's, as they came back


def plan(engines, suite: Suite, metric: Metric) -> list[tuple[object, Entry]]:
    """The interleaved order: for each entry, every engine."""
    steps = []
    per_engine = {e.name: metric.entries(suite.entries, e) for e in engines}
    names = []
    for entries in per_engine.values():
        names += [x.name for x in entries if x.name not in names]
    for name in names:
        for engine in engines:
            for entry in per_engine[engine.name]:
                if entry.name == name:
                    steps.append((engine, entry))
    return steps


def _load_average() -> str:
    """The 1-minute load average when a measurement ended (how busy the machine
    was: the report says it), '' where the OS does not tell."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except (AttributeError, OSError):
        return ""


def run(engines, suite: Suite, metric: Metric, options: RunOptions, store: Store,
        force: bool = False, log_dir: Path | None = None, console=None, progress: bool = True) -> Outcome:
    metric.check()
    machine, commit = identity.machine_slug(), identity.commit()
    suite_name = metric.suite_name(suite.name)
    # Logs stay out of the results folder: everything in it is a result (or the index).
    log_dir = log_dir or identity.cache_dir() / "logs"
    steps = plan(engines, suite, metric)
    outcome = Outcome(machines={machine})
    try:
        _run_steps(steps, suite, metric, options, store, force, log_dir, console, progress,
                   machine, commit, suite_name, outcome)
    except KeyboardInterrupt:
        # Every file is written whole or not at all (Store.write): what is stored stays.
        outcome.interrupted = True
    store.write_index()
    return outcome


@dataclass
class Measured:
    """One step's result as the machine that ran it reports it: pyperf's JSON (every
    benchmark the entry made, with the fivefold metadata), or why it failed."""

    machine: str                 # identity.machine_slug() of the machine that measured
    suite_json: str = ""         # a pyperf BenchmarkSuite, as `pyperf dump` writes it
    error: str = ""              # MeasureError's text when the step failed
    started: float = 0.0         # time.time() around the measurement (cluster tests check
    ended: float = 0.0           # that a worker ran one job at a time)
    worker: str = ""             # the Dask worker's address ('' in-process)

    def benchmarks(self) -> list[pyperf.Benchmark]:
        return pyperf.BenchmarkSuite.loads(self.suite_json).get_benchmarks()


def measure_step(engine, entry: Entry, suite: Suite, metric: Metric, options: RunOptions,
                 log_dir: Path, commit: str) -> Measured:
    """Measure one (engine, entry) here, in this process's machine, and file the
    fivefold metadata into each benchmark. The one measuring path: the in-process
    run and a cluster worker (cluster.run_job) both call it. Never raises
    MeasureError: a failed measurement is `Measured.error`."""
    machine = identity.machine_slug()
    started = time.time()
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    log = log_dir / f"{time.strftime('%Y%m%d')}-{metric.name}.log"
    try:
        benchmarks = metric.measure(engine, entry, options, log)
    except MeasureError as exc:
        return Measured(machine, error=str(exc), started=started, ended=time.time())
    names = ",".join(b.get_name() for b in benchmarks)
    common = {
        **engine.metadata(),
        "fivefold_metric": metric.name,
        "fivefold_suite": metric.suite_name(suite.name),
        "fivefold_weight": repr(float(suite.weight(entry.name))),
        "fivefold_commit": commit,
        # Which engine made it (this machine's fivefold), how busy this machine was.
        "fivefold_version": identity.version(),
        "fivefold_source": identity.source_hash(),
        "fivefold_load": _load_average(),
        "fivefold_machine": machine,
        "fivefold_arch": engine.facts.get("arch") or identity.arch(),
        "fivefold_cpu": identity.cpu_model(),
        "fivefold_timestamp": stamp,
        "fivefold_entry": entry.name,
        "fivefold_entry_benchmarks": names,
    }
    for bench in benchmarks:
        metadata = {**common, "fivefold_benchmark": bench.get_name()}
        # pyperf refuses empty metadata values: an empty field (the stage
        # of a non-fivefold engine) is left out; Store.index() reads it as ''.
        bench.update_metadata({k: v for k, v in metadata.items() if v != ""})
    text = io.StringIO()
    pyperf.BenchmarkSuite(benchmarks).dump(text, compact=True)
    return Measured(machine, text.getvalue(), started=started, ended=time.time())


def store_measured(store: Store, measured: Measured, engine_name: str, entry_name: str,
                   suite_name: str, metric_name: str, commit: str, force: bool,
                   outcome: Outcome) -> None:
    """File a step's benchmarks under the machine that measured them (each file
    atomically, Store.write), or record its failure."""
    if measured.error:
        outcome.failed.append((engine_name, entry_name, measured.error))
        return
    for bench in measured.benchmarks():
        key = Key(measured.machine, commit, engine_name, suite_name, bench.get_name(), metric_name)
        stored = store.has(key)
        if stored and not force and store.readable(key):
            # Stored by an earlier, interrupted run of this entry: keep it.
            continue
        # An unreadable file (warned about) is moved aside like --force does.
        outcome.measured.append(store.write(key, bench, force=force or stored))


def failure_line(engine_name: str, entry_name: str, error: str) -> str:
    """How a failed step is printed (rich markup): as it happens and in the summary."""
    return f"[red]failed[/red] {entry_name} on {engine_name}: {error.splitlines()[0]}"


def progress_bar(console, progress: bool) -> Progress:
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn()]
    return Progress(*columns, console=console, disable=not progress, transient=False)


def _run_steps(steps, suite, metric, options, store, force, log_dir, console, progress,
               machine, commit, suite_name, outcome) -> None:
    with progress_bar(console, progress) as bar:
        task = bar.add_task("starting", total=len(steps))
        for engine, entry in steps:
            key = Key(machine, commit, engine.name, suite_name, entry.name, metric.name)
            if not force and store.entry_done(key, entry.name):
                outcome.skipped.append((engine.name, entry.name))
                bar.advance(task)
                continue
            bar.update(task, description=f"{entry.name} on {engine.name}")
            measured = measure_step(engine, entry, suite, metric, options, log_dir, commit)
            store_measured(store, measured, engine.name, entry.name, suite_name, metric.name,
                           commit, force, outcome)
            if measured.error:
                bar.console.print(failure_line(engine.name, entry.name, measured.error))
            bar.advance(task)
        bar.update(task, description="done")
