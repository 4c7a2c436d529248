"""The comparison table: each engine against the first (the baseline).

Every metric here is better when lower (seconds, bytes, instructions), so a
ratio is baseline / engine: 1.50 means the engine is 1.5x faster (or smaller).
Confidence intervals are percentile bootstraps of the ratio of means (numpy);
the geometric mean is weighted by the suite's weights and bootstrapped the same
way, all benchmarks resampled together. Significance is Welch's two-sided
t-test at the same confidence (scipy's; pyperf's own t-test is a private module,
`pyperf._compare`, and needs samples of one size), unknown with fewer than two
values on a side.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from fivefold.harness.store import Store

BOOTSTRAP = 2000
CONFIDENCE = 0.95


def _bootstrap_means(values: np.ndarray, rng) -> np.ndarray:
    picks = rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))
    return values[picks].mean(axis=1)


def significance(base: np.ndarray, other: np.ndarray) -> tuple[bool | None, float | None]:
    """Whether the two samples' means differ (Welch's t-test, two-sided, at
    CONFIDENCE), and the t statistic. Two constant samples (instruction counts
    often are) differ exactly when their values do."""
    if len(base) < 2 or len(other) < 2:
        return None, None
    if base.std() == 0 and other.std() == 0:
        return bool(base.mean() != other.mean()), None
    from scipy import stats  # only here: a comparison needs it, the store does not

    result = stats.ttest_ind(base, other, equal_var=False)
    return bool(result.pvalue < 1 - CONFIDENCE), float(result.statistic)


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
            significant, t_score = significance(base, other)
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
                                     f"{int(CONFIDENCE * 100)}% bootstrap CI; significance: Welch's t-test "
                                     f"(n/a with fewer than two values)")
    for name in ("benchmark", "engine", base, "engine mean", "ratio", "95% CI", "significant"):
        out.add_column(name, justify="left" if name in ("benchmark", "engine") else "right")
    for r in table.itertuples():
        out.add_row(r.benchmark, r.engine, _fmt(r.base_mean, unit), _fmt(r.mean, unit), f"{r.ratio:.3f}",
                    f"{r.ci_low:.3f} - {r.ci_high:.3f}",
                    {True: "yes", False: "no"}.get(r.significant, "n/a (one value)"))
    for r in geo.itertuples():
        out.add_row("[b]geometric mean[/b]", r.engine, "", f"{r.n} benchmarks", f"[b]{r.geometric_mean:.3f}[/b]",
                    f"{r.ci_low:.3f} - {r.ci_high:.3f}", "")
    return out
