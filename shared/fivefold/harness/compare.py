"""The comparison table: each engine against the first (the baseline).

Every metric here is better when lower (seconds, bytes, instructions), so a
ratio is baseline / engine: 1.50 means the engine is 1.5x faster (or smaller).
Confidence intervals are percentile bootstraps of the ratio of means (numpy);
the geometric mean is weighted by the suite's weights and bootstrapped the same
way, all benchmarks resampled together. Significance is pyperf's own judgement
(the t-test `python -m pyperf compare_to` uses) where the two samples have the
same size, which that test needs; otherwise it is reported as unknown.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
# What `pyperf compare_to` uses (pyperf 2.x, a private module): the t-test is not re-implemented.
from pyperf._compare import is_significant_benchs

from fivefold.harness.store import Store

BOOTSTRAP = 2000
CONFIDENCE = 0.95


def _bootstrap_means(values: np.ndarray, rng) -> np.ndarray:
    picks = rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))
    return values[picks].mean(axis=1)


def compare(store: Store, frame: pd.DataFrame, engines: list[str], seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rows (benchmark x engine) with ratio and CI, and the geometric-mean rows.

    `frame` is a slice of store.index() for one machine, commit, suite and metric.
    """
    rng = np.random.default_rng(seed)
    base_name = engines[0]
    rows, draws = [], {e: [] for e in engines[1:]}
    weights = {e: [] for e in engines[1:]}
    for bench, group in frame.groupby("fivefold_benchmark", sort=True):
        by_engine = {r["fivefold_engine"]: r for _, r in group.iterrows()}
        if base_name not in by_engine:
            continue
        base_bench = store.benchmark(by_engine[base_name])
        base = np.asarray(base_bench.get_values(), dtype=float)
        base_boot = _bootstrap_means(base, rng)
        for engine in engines[1:]:
            if engine not in by_engine:
                continue
            other_bench = store.benchmark(by_engine[engine])
            other = np.asarray(other_bench.get_values(), dtype=float)
            boot = base_boot / _bootstrap_means(other, rng)
            low, high = np.quantile(boot, [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
            if len(base) == len(other):
                significant, t_score = is_significant_benchs(base_bench, other_bench)
            else:
                # pyperf's t-test needs samples of one size; for others pyperf
                # answers "significant" blindly (a FIXME in pyperf._compare), so
                # we say we do not know: the CI is the judgement then.
                significant, t_score = None, None
            weight = float(by_engine[engine]["fivefold_weight"] or 1.0)
            rows.append(dict(benchmark=bench, engine=engine, base_mean=base.mean(), mean=other.mean(),
                             ratio=base.mean() / other.mean(), ci_low=low, ci_high=high,
                             significant=significant,
                             t_score=float("nan") if t_score is None else float(t_score),
                             weight=weight))
            draws[engine].append(np.log(boot))
            weights[engine].append(weight)
    table = pd.DataFrame(rows, columns=["benchmark", "engine", "base_mean", "mean", "ratio", "ci_low",
                                        "ci_high", "significant", "t_score", "weight"])
    geo = []
    for engine in engines[1:]:
        part = table[table.engine == engine]
        if part.empty:
            continue
        w = np.asarray(weights[engine])
        point = math.exp(float((np.log(part.ratio.to_numpy()) * w).sum() / w.sum()))
        joint = np.exp((np.vstack(draws[engine]) * w[:, None]).sum(axis=0) / w.sum())
        low, high = np.quantile(joint, [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
        geo.append(dict(engine=engine, n=len(part), geometric_mean=point, ci_low=low, ci_high=high))
    return table, pd.DataFrame(geo, columns=["engine", "n", "geometric_mean", "ci_low", "ci_high"])


def _fmt(value: float, unit: str) -> str:
    if unit == "second":
        for scale, suffix in ((1, "s"), (1e-3, "ms"), (1e-6, "us")):
            if value >= scale:
                return f"{value / scale:.3g} {suffix}"
        return f"{value / 1e-9:.3g} ns"
    if unit == "byte":
        return f"{value / 2**20:.1f} MiB"
    return f"{value:,.0f}"


def render(table: pd.DataFrame, geo: pd.DataFrame, base: str, unit: str, title: str):
    """A rich Table of the comparison."""
    from rich.table import Table

    out = Table(title=title, caption=f"ratio = {base} / engine (>1: engine better); "
                                     f"{int(CONFIDENCE * 100)}% bootstrap CI; significance: pyperf's t-test "
                                     f"(n/a when the engines' sample sizes differ)")
    for name in ("benchmark", "engine", base, "engine mean", "ratio", "95% CI", "significant"):
        out.add_column(name, justify="left" if name in ("benchmark", "engine") else "right")
    for r in table.itertuples():
        out.add_row(r.benchmark, r.engine, _fmt(r.base_mean, unit), _fmt(r.mean, unit), f"{r.ratio:.3f}",
                    f"{r.ci_low:.3f} - {r.ci_high:.3f}",
                    {True: "yes", False: "no"}.get(r.significant, "n/a (sizes differ)"))
    for r in geo.itertuples():
        out.add_row("[b]geometric mean[/b]", r.engine, "", f"{r.n} benchmarks", f"[b]{r.geometric_mean:.3f}[/b]",
                    f"{r.ci_low:.3f} - {r.ci_high:.3f}", "")
    return out
