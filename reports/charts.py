"""The report's charts, drawn with matplotlib and saved as PNG and SVG.

Each function takes model results and returns a Figure; `save` writes it
beside the report. Every chart has data in it: the builder does not draw a
chart for something the store did not measure (it says so in the text instead).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no display; must precede pyplot

import matplotlib.pyplot as plt
import matplotlib.ticker
import numpy as np
import pandas as pd
from fivefold.model.compounding import GEOMEAN

COLOURS = {"measured": "#1f77b4", "projected": "#ff7f0e", "plan": "#7f7f7f",
           "gain": "#2ca02c", "loss": "#d62728", "total": "#1f77b4"}


def save(fig, folder: Path, name: str) -> dict[str, Path]:
    """Write `name`.png and `name`.svg; return their paths. A chart with no data is an error."""
    drawn = sum(len(ax.patches) + len(ax.lines) + len(ax.collections) for ax in fig.axes)
    if drawn == 0:
        plt.close(fig)
        raise ValueError(f"chart {name!r} has nothing drawn in it")
    paths = {}
    for ext in ("png", "svg"):
        path = folder / f"{name}.{ext}"
        fig.savefig(path, dpi=110, bbox_inches="tight")
        paths[ext] = path
    plt.close(fig)
    return paths


def _errors(estimates):
    values = np.array([e.value for e in estimates])
    return values, np.array([values - [e.low for e in estimates], [e.high for e in estimates] - values])


def cumulative_chart(cum: pd.DataFrame):
    fig, ax = plt.subplots(figsize=(6.5, 4))
    stages = [0] + list(cum["stage"])
    plan = [1.0] + list(cum["plan"])
    ax.plot(stages, plan, "--", color=COLOURS["plan"], label="plan (1.5^n)")
    values, err = _errors(list(cum["cumulative_measured"]))
    ax.errorbar(stages, [1.0, *values], yerr=np.hstack([[[0], [0]], err]), marker="o", capsize=4,
                color=COLOURS["measured"], label="measured (95% CI)")
    if "cumulative_projected" in cum and cum["cumulative_projected"].notna().all():
        proj = [1.0] + [e.value for e in cum["cumulative_projected"]]
        ax.plot(stages, proj, marker="s", color=COLOURS["projected"], label="projected (product of isolated gains)")
    ax.set_xticks(stages, ["start"] + [str(n) for n in cum["name"]], rotation=0)
    ax.set_ylabel("cumulative speed-up (x)")
    ax.set_title("Compounded speed-up per stage against the plan")
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def waterfall_chart(seq: pd.DataFrame, title: str):
    """Per-change gains in merge order (log scale), building up to the stage total."""
    fig, ax = plt.subplots(figsize=(max(5.0, 0.6 * len(seq) + 3), 4))
    level = 0.0
    labels = []
    assumed_any = False
    for i, row in enumerate(seq.itertuples()):
        colour = COLOURS["gain"] if row.log_gain >= 0 else COLOURS["loss"]
        # A gain the store did not measure (a surrogate from isolated gains) is
        # drawn hollow and hatched, so it is never read as a measurement.
        assumed = getattr(row, "measured", True) is False
        assumed_any |= assumed
        if assumed:
            ax.bar(i, row.log_gain, bottom=level, facecolor="white", edgecolor=colour, hatch="//")
        else:
            ax.bar(i, row.log_gain, bottom=level, color=colour)
        ax.text(i, level + row.log_gain, f"{row.gain:.3f}x", ha="center",
                va="bottom" if row.log_gain >= 0 else "top", fontsize=8)
        level += row.log_gain
        labels.append(str(row.change))
    ax.bar(len(seq), level, color=COLOURS["total"])
    ax.text(len(seq), level, f"{np.exp(level):.3f}x", ha="center", va="bottom", fontsize=8)
    labels.append("total")
    ax.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
    ticks = ax.get_yticks()
    ax.set_yticks(ticks, [f"{np.exp(t):.2f}x" for t in ticks])
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_ylabel("speed-up (log scale)")
    if assumed_any:
        from matplotlib.patches import Patch

        ax.legend(handles=[Patch(color=COLOURS["gain"], label="measured"),
                           Patch(facecolor="white", edgecolor=COLOURS["gain"], hatch="//",
                                 label="assumed (not measured)")], fontsize=8)
    ax.set_title(title)
    return fig


def projected_vs_measured_chart(per_bench: pd.DataFrame, title: str):
    rows = per_bench[per_bench["projected"].notna()]
    fig, ax = plt.subplots(figsize=(5, 5))
    px, pe = _errors(list(rows["projected"]))
    mx, me = _errors(list(rows["measured"]))
    geo = (rows["benchmark"] == GEOMEAN).to_numpy()
    ax.errorbar(px[~geo], mx[~geo], xerr=pe[:, ~geo], yerr=me[:, ~geo], fmt="o", capsize=3,
                color=COLOURS["measured"], label="benchmarks")
    ax.errorbar(px[geo], mx[geo], xerr=pe[:, geo], yerr=me[:, geo], fmt="D", capsize=3, markersize=9,
                color=COLOURS["projected"], label="geometric mean")
    for name, x, y in zip(rows["benchmark"][~geo], px[~geo], mx[~geo]):
        ax.annotate(name, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    lo = min(px.min(), mx.min()) * 0.95
    hi = max(px.max(), mx.max()) * 1.05
    ax.plot([lo, hi], [lo, hi], ":", color=COLOURS["plan"], label="measured = projected")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_xlabel("projected speed-up (x)")
    ax.set_ylabel("measured speed-up (x)")
    ax.set_title(title)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig


def benchmarks_chart(per_bench: pd.DataFrame, target: float, title: str):
    rows = per_bench.iloc[::-1]
    fig, ax = plt.subplots(figsize=(6.5, 0.35 * len(rows) + 1.5))
    values, err = _errors(list(rows["measured"]))
    colours = [COLOURS["projected"] if b == GEOMEAN else COLOURS["measured"] for b in rows["benchmark"]]
    ax.barh(range(len(rows)), values, xerr=err, capsize=3, color=colours)
    ax.set_yticks(range(len(rows)), list(rows["benchmark"]))
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.axvline(target, color=COLOURS["plan"], linestyle="--", label=f"target {target:g}x")
    spread = max(values.max(), target) / min(values.min(), 1.0)
    if spread > 4:  # a log scale only when speed-ups differ by a wide factor
        ax.set_xscale("log")
        ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xlabel("speed-up (log scale; 95% CI)")
    else:
        ax.set_xlabel("speed-up (95% CI)")
    ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%gx"))
    ax.set_title(title)
    ax.legend(fontsize=8)
    return fig


def limits_chart(checks):
    checks = [c for c in checks if c.ratio is not None]
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(checks) + 1.5))
    values, err = _errors([c.ratio for c in checks])
    colours = [COLOURS["gain"] if c.passed else COLOURS["loss"] for c in checks]
    ax.barh(range(len(checks)), values, xerr=err, capsize=3, color=colours)
    for i, c in enumerate(checks):
        ax.plot([c.limit, c.limit], [i - 0.4, i + 0.4], color="black", linewidth=2)
    ax.set_yticks(range(len(checks)), [c.name for c in checks])
    ax.axvline(1.0, color=COLOURS["plan"], linestyle=":")
    ax.set_xlabel("delivered / baseline (x; black tick = limit; green kept, red broken)")
    ax.set_title("Non-regression limits")
    return fig


def simulation_chart(sim, verdicts: dict | None = None):
    """The Monte Carlo's total and each stage's chance of reaching its target.
    A measured stage's bar carries its contract verdict, so the chart cannot say
    "likely" beside a verdict that says otherwise: the chance is of the speed-up
    alone (the limits assumed kept), and the verdict is what was decided."""
    verdicts = verdicts or {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    total = sim.total_draws
    n = sim.summary["stages"]
    left.hist(total, bins=60, color=COLOURS["measured"], alpha=0.8)
    left.axvline(1.5 ** n, color="black", linestyle="--", label=f"plan 1.5^{n} = {1.5 ** n:.2f}x")
    left.axvline(np.median(total), color=COLOURS["projected"], label=f"median {np.median(total):.2f}x")
    left.set_xlabel(f"total speed-up after {n} stage(s) (x)")
    left.set_ylabel("draws")
    left.set_title("Distribution of the total")
    left.legend(fontsize=8)
    st = sim.stages
    names = []
    for i, row in enumerate(st.itertuples()):
        if row.measured:
            right.bar(i, row.p_meet, color=COLOURS["measured"])
        else:
            right.bar(i, row.p_meet, facecolor="white", edgecolor=COLOURS["plan"], hatch="//")
        right.text(i, row.p_meet, f"{row.p_meet:.0%}", ha="center", va="bottom")
        verdict = verdicts.get(row.stage)
        if verdict:
            short = verdict.split(":")[0]
            names.append(f"stage {row.stage}\nmeasured\nverdict:\n{short}")
        else:
            names.append(f"stage {row.stage}\n{'measured' if row.measured else 'assumed (plan)'}")
    right.set_xticks(range(len(names)), names, fontsize=7)
    right.set_ylim(0, 1.15)
    right.set_ylabel("chance the speed-up reaches the target")
    right.set_title("Chance of the target (speed only, limits assumed kept)", fontsize=10)
    return fig


def versus_headline_chart(versus):
    """Each engine's geometric-mean speed-up over CPython 3.11, with its interval."""
    head = versus.headline.iloc[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(head) + 1.6))
    values, err = _errors(list(head["speed-up"]))
    colours = [COLOURS["measured"] if e.startswith("fivefold") else COLOURS["plan"] for e in head["engine"]]
    ax.barh(range(len(head)), values, xerr=err, capsize=3, color=colours)
    for i, v in enumerate(values):
        ax.text(v, i, f" {v:.3f}x", va="center", fontsize=8)
    ax.set_yticks(range(len(head)), [f"{e} ({n} benchmarks)" for e, n in zip(head["engine"], head["benchmarks"])])
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlim(0, max(1.2, values.max() * 1.2))
    ax.set_xlabel(f"speed-up over {versus.baseline_label} (geometric mean; >1 faster; 95% interval)")
    ax.set_title(f"Against {versus.baseline_label}: {_metric_words(versus.metric)}", fontsize=10)
    return fig


def versus_benchmarks_chart(versus):
    """Per benchmark, each engine's speed-up over CPython 3.11 (grouped bars)."""
    per = versus.per_benchmark.iloc[::-1].reset_index(drop=True)
    engines = list(versus.labels.values())
    height = 0.8 / max(len(engines), 1)
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.22 * len(per) * len(engines) + 1.5)))
    cmap = plt.get_cmap("tab10")
    for j, engine in enumerate(engines):
        ys, xs = [], []
        for i, value in enumerate(per[engine]):
            if value is not None and not (isinstance(value, float) and np.isnan(value)):
                ys.append(i + (j - (len(engines) - 1) / 2) * height)
                xs.append(value.value)
        ax.barh(ys, xs, height=height, color=cmap(j % 10), label=engine)
    ax.set_yticks(range(len(per)), list(per["benchmark"]), fontsize=8)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel(f"speed-up over {versus.baseline_label} (>1 faster)")
    ax.set_title(f"Per benchmark, against {versus.baseline_label}", fontsize=10)
    ax.legend(fontsize=7, loc="lower right")
    return fig


def _metric_words(metric: str) -> str:
    return {"time": "wall time (pyperf)", "instructions": "instructions per loop (cachegrind)",
            "qemu-instructions": "instructions per loop (qemu, AArch64)"}.get(metric, metric)


def timeline_chart(history: pd.DataFrame, baseline_label: str):
    """Each engine's speed-up over CPython 3.11 across the published runs."""
    runs = list(dict.fromkeys(history["commit"]))
    whens = dict(zip(history["commit"], history["when"]))
    fig, ax = plt.subplots(figsize=(7, 4))
    for engine, group in history.groupby("engine", sort=False):
        xs = [runs.index(c) for c in group["commit"]]
        ax.plot(xs, [e.value for e in group["speed-up"]], marker="o", label=engine)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(runs)), [f"{whens[c]}\n{c[:20]}" for c in runs], fontsize=7)
    ax.set_ylabel(f"speed-up over {baseline_label} (geometric mean)")
    n = int(history["benchmarks"].max())
    ax.set_title(f"Across the published runs ({n} benchmarks every run measured)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return fig
