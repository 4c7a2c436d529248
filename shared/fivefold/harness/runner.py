"""Run engines x suite entries for one metric, interleaved and resumable.

For each entry the engines run one after the other (A B A B ...), so drift of a
shared machine over the run hits every engine alike. Each result is stored as
soon as it is measured; a re-run skips what is stored (a killed run resumes).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

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
    version, source = identity.version(), identity.source_hash()
    suite_name = metric.suite_name(suite.name)
    # Logs stay out of the results folder: everything in it is a result (or the index).
    log_dir = log_dir or identity.cache_dir() / "logs"
    steps = plan(engines, suite, metric)
    outcome = Outcome()
    try:
        _run_steps(steps, suite, metric, options, store, force, log_dir, console, progress,
                   machine, commit, suite_name, outcome, version, source)
    except KeyboardInterrupt:
        # Every file is written whole or not at all (Store.write): what is stored stays.
        outcome.interrupted = True
    store.write_index()
    return outcome


def _run_steps(steps, suite, metric, options, store, force, log_dir, console, progress,
               machine, commit, suite_name, outcome, version="", source="") -> None:
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn()]
    with Progress(*columns, console=console, disable=not progress, transient=False) as bar:
        task = bar.add_task("starting", total=len(steps))
        for engine, entry in steps:
            key = Key(machine, commit, engine.name, suite_name, entry.name, metric.name)
            if not force and store.entry_done(key, entry.name):
                outcome.skipped.append((engine.name, entry.name))
                bar.advance(task)
                continue
            bar.update(task, description=f"{entry.name} on {engine.name}")
            stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            log = log_dir / f"{time.strftime('%Y%m%d')}-{metric.name}.log"
            try:
                benchmarks = metric.measure(engine, entry, options, log)
            except MeasureError as exc:
                outcome.failed.append((engine.name, entry.name, str(exc)))
                bar.console.print(f"[red]failed[/red] {entry.name} on {engine.name}: "
                                  f"{str(exc).splitlines()[0]}")
                bar.advance(task)
                continue
            names = ",".join(b.get_name() for b in benchmarks)
            load = _load_average()
            for bench in benchmarks:
                metadata = {
                    **engine.metadata(),
                    "fivefold_metric": metric.name,
                    "fivefold_suite": suite_name,
                    "fivefold_benchmark": bench.get_name(),
                    "fivefold_weight": repr(float(suite.weight(entry.name))),
                    "fivefold_commit": commit,
                    "fivefold_version": version,
                    "fivefold_source": source,
                    "fivefold_load": load,
                    "fivefold_machine": machine,
                    "fivefold_arch": engine.facts.get("arch") or identity.arch(),
                    "fivefold_cpu": identity.cpu_model(),
                    "fivefold_timestamp": stamp,
                    "fivefold_entry": entry.name,
                    "fivefold_entry_benchmarks": names,
                }
                # pyperf refuses empty metadata values: an empty field (the stage
                # of a non-fivefold engine) is left out; Store.index() reads it as ''.
                bench.update_metadata({k: v for k, v in metadata.items() if v != ""})
                bench_key = Key(machine, commit, engine.name, suite_name, bench.get_name(), metric.name)
                stored = store.has(bench_key)
                if stored and not force and store.readable(bench_key):
                    # Stored by an earlier, interrupted run of this entry: keep it.
                    continue
                # An unreadable file (warned about) is moved aside like --force does.
                outcome.measured.append(store.write(bench_key, bench, force=force or stored))
            bar.advance(task)
        bar.update(task, description="done")
