"""Every stored engine against CPython 3.11, the baseline the plan was written against.

Public benchmark reports (speed.python.org, the faster-cpython benchmarking
repository) are read against a CPython release, so the report's headline is
each engine's speed-up over CPython 3.11 (baseline / engine: >1 is faster), per
benchmark and as a weighted geometric mean with a bootstrap interval. Engines
shown: other interpreters (CPython 3.12, 3.13, PyPy) and each stage as
`fivefold:stage=N` runs it; the per-change configurations (`with=`, `without=`)
belong to the stage sections, not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
from fivefold.model.measurements import Measurements
from fivefold.model.stats import DEFAULT_BOOT, DEFAULT_CONFIDENCE, Estimate, weighted_geomean

GEOMEAN = "geometric mean"


def engine_label(engine: str, kind: str = "", python_version: str = "") -> str:
    """A person's name for an engine spec: 'CPython 3.13.0', 'fivefold stage 2'."""
    kind = kind or engine.split(":")[0]
    if kind in ("cpython", "pypy"):
        name = "CPython" if kind == "cpython" else "PyPy"
        return f"{name} {python_version}".strip()
    if kind.startswith("fivefold"):
        options = engine.partition(":")[2]
        stage = re.search(r"(?:^|,)stage=(\d+)", options)
        label = f"fivefold stage {stage.group(1)}" if stage else "fivefold"
        rest = [part for part in re.split(r",(?=(?:with|without|build|accelerate)=)", options)
                if part and not part.startswith("stage=")]
        if rest:
            label += " (" + "; ".join(_option_label(p) for p in rest) + ")"
        if kind == "fivefold-aarch64":
            label += " on AArch64"
        return label
    return engine


def _option_label(option: str) -> str:
    """`accelerate=*` reads 'whole program' (the standard library compiled too)."""
    key, _, value = option.partition("=")
    if key == "accelerate":
        return "whole program" if value == "*" else f"also compiled: {value}"
    return f"{key} {value}"


def is_plain(engine: str) -> bool:
    """Not a per-change configuration (with=/without=) of a stage."""
    return "with=" not in engine and "without=" not in engine


@dataclass
class Versus:
    baseline: str                  # the configuration of CPython 3.11
    baseline_label: str
    labels: dict                   # configuration -> label, in display order
    per_benchmark: pd.DataFrame    # suite, benchmark, then one Estimate column per label
    headline: pd.DataFrame         # engine, speed-up (Estimate), benchmarks, best, worst
    metric: str


def cpython_baseline(table: pd.DataFrame) -> str | None:
    """The configuration that is CPython 3.11 (the plain `cpython` spec first)."""
    rows = table[(table["engine_kind"] == "cpython")
                 & table["python_version"].astype(str).str.startswith("3.11")]
    if rows.empty:
        rows = table[table["engine"] == "cpython"]
    if rows.empty:
        return None
    plain = rows[rows["engine"] == "cpython"]
    return str((plain if not plain.empty else rows)["config"].iloc[0])


def _order(kind: str, label: str) -> tuple:
    # Other interpreters first (by version), then the stages in order.
    return (kind.startswith("fivefold"), label)


def against_cpython(table: pd.DataFrame, metric: str, n_boot: int = DEFAULT_BOOT, seed: int = 0,
                    confidence: float = DEFAULT_CONFIDENCE) -> Versus | None:
    """Each plain engine against CPython 3.11 on `metric`; None when the store has no
    CPython 3.11 result of that metric."""
    rows = table[table["metric"] == metric]
    base = cpython_baseline(rows)
    if base is None:
        return None
    data = Measurements(rows, metric, n_boot=n_boot, seed=seed)
    labels = {}
    for config, group in rows.groupby("config"):
        plain = group[group["engine"].map(is_plain)]
        if config == base or plain.empty:
            continue
        first = plain.sort_values("engine", key=lambda s: s.str.len()).iloc[0]
        labels[config] = (first["engine_kind"], engine_label(first["engine"], first["engine_kind"],
                                                             first["python_version"]))
    labels = dict(sorted(labels.items(), key=lambda kv: _order(*kv[1])))
    labels = {k: v[1] for k, v in labels.items()}
    base_row = rows[rows["config"] == base].iloc[0]
    base_label = engine_label(base_row["engine"], "cpython", base_row["python_version"])
    benches = data.benchmarks(base)
    per_rows, heads = [], []
    replicates = {c: [] for c in labels}
    points = {c: [] for c in labels}
    weights = {c: [] for c in labels}
    for bench in benches:
        row = {"suite": bench.suite, "benchmark": bench.benchmark}
        for config, label in labels.items():
            if data.has(config, bench):
                p, r = data.speedup(base, config, bench)
                row[label] = Estimate.from_replicates(p, r, confidence)
                points[config].append(p)
                replicates[config].append(r)
                weights[config].append(bench.weight)
            else:
                row[label] = None
        per_rows.append(row)
    geo = {"suite": "", "benchmark": GEOMEAN}
    for config, label in labels.items():
        if not points[config]:
            geo[label] = None
            continue
        value = float(weighted_geomean(np.array(points[config]), weights[config]))
        reps = weighted_geomean(np.array(replicates[config]), weights[config])
        geo[label] = Estimate.from_replicates(value, reps, confidence)
        named = [r for r in per_rows if r[label] is not None]
        best = max(named, key=lambda r: r[label].value)
        worst = min(named, key=lambda r: r[label].value)
        heads.append({"engine": label, "speed-up": geo[label], "benchmarks": len(points[config]),
                      "fastest": f"{best['benchmark']} {best[label].value:.2f}x",
                      "slowest": f"{worst['benchmark']} {worst[label].value:.2f}x"})
    per_rows.append(geo)
    per = pd.DataFrame(per_rows, columns=["suite", "benchmark", *labels.values()])
    head = pd.DataFrame(heads, columns=["engine", "speed-up", "benchmarks", "fastest", "slowest"])
    return Versus(base, base_label, labels, per, head, metric)


def timeline(table: pd.DataFrame, metric: str, machine: str) -> pd.DataFrame:
    """Each run (commit) of `machine`, oldest first: every plain engine's geometric-mean
    speed-up over that run's CPython 3.11, on the benchmarks every run measured on
    CPython 3.11 (so the points are comparable). Columns: commit, when, engine,
    speed-up, benchmarks. Empty with fewer than two runs."""
    rows = table[(table["metric"] == metric) & (table["machine"] == machine)]
    runs = rows.groupby("commit")["timestamp"].min().sort_values()
    if len(runs) < 2:
        return pd.DataFrame(columns=["commit", "when", "engine", "speed-up", "benchmarks"])
    common = None
    for commit in runs.index:
        run = rows[rows["commit"] == commit]
        base = cpython_baseline(run)
        names = set(run.loc[run["config"] == base, "benchmark"]) if base else set()
        common = names if common is None else common & names
    out = []
    for commit, when in runs.items():
        run = rows[(rows["commit"] == commit) & rows["benchmark"].isin(common or set())]
        if run.empty:
            continue
        versus = against_cpython(run, metric, n_boot=200)
        if versus is None:
            continue
        for head in versus.headline.itertuples(index=False):
            out.append({"commit": commit, "when": str(when)[:16].replace("T", " "), "engine": head[0],
                        "speed-up": head[1], "benchmarks": head[2]})
    return pd.DataFrame(out, columns=["commit", "when", "engine", "speed-up", "benchmarks"])
