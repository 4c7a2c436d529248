"""Compounding: do isolated gains multiply up to what all the changes give together?

Per benchmark and as a weighted geometric mean over benchmarks:
- projected = product of each change's isolated gain (baseline / baseline+change;
  for a change that requires another of its stage, baseline+requirements /
  baseline+requirements+change, so the requirement's cost counts once),
- measured  = baseline / all-on,
- gap       = measured / projected - 1 (the interaction: negative when changes
  overlap, positive when they help each other),
each with a bootstrap interval from the pyperf samples. Across stages the
measured speed-ups multiply into the cumulative one, drawn against the plan's
line 1.5^n.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from fivefold.model.design import StageDesign
from fivefold.model.measurements import Measurements
from fivefold.model.stats import DEFAULT_CONFIDENCE, Estimate, weighted_geomean

PLAN_STEP = 1.5
GEOMEAN = "geometric mean"


@dataclass
class StageCompounding:
    design: StageDesign
    per_benchmark: pd.DataFrame   # benchmark rows then the geomean row; Estimate columns
    gains: pd.DataFrame           # isolated gain per change and benchmark (and geomean)
    missing: list[str] = field(default_factory=list)   # configurations the store lacks
    replicates: dict = field(default_factory=dict)     # geomean replicates, for the simulation

    @property
    def geomean(self) -> pd.Series:
        return self.per_benchmark[self.per_benchmark["benchmark"] == GEOMEAN].iloc[0]


def compound_stage(data: Measurements, design: StageDesign,
                   confidence: float = DEFAULT_CONFIDENCE) -> StageCompounding:
    base, cand = design.baseline, design.candidate
    iso = {c: design.isolated(c) for c in design.changes}
    iso_base = {c: design.isolated_base(c) for c in design.changes}   # base, or base + requirements
    needed = list(dict.fromkeys([*iso.values(), *iso_base.values()]))   # for the projection
    have = data.configs()
    missing = [k for k in dict.fromkeys([base, cand, *needed]) if k not in have]
    if base not in have or cand not in have:
        raise ValueError(f"{design.name}: the store lacks the "
                         f"{'baseline ' + base if base not in have else 'candidate ' + cand} "
                         f"configuration for metric {data.metric!r}")
    benches = data.benchmarks(base, cand)
    if not benches:
        raise ValueError(f"{design.name}: no benchmark is measured on both {base} and {cand}")
    complete = all(k in have for k in needed)
    rows, gain_rows = [], []
    meas_reps, proj_reps, gain_reps = [], [], {c: [] for c in iso}
    projectable = complete and all(data.has(k, b) for b in benches for k in needed)
    for bench in benches:
        m, m_r = data.speedup(base, cand, bench)
        meas_reps.append(m_r)
        row = {"suite": bench.suite, "benchmark": bench.benchmark, "weight": bench.weight,
               "measured": Estimate.from_replicates(m, m_r, confidence)}
        if projectable:
            p, p_r = 1.0, np.ones(data.n_boot)
            for change, key in iso.items():
                g, g_r = data.speedup(iso_base[change], key, bench)
                p, p_r = p * g, p_r * g_r
                gain_reps[change].append(g_r)
                gain_rows.append({"suite": bench.suite, "benchmark": bench.benchmark, "change": change,
                                  "gain": Estimate.from_replicates(g, g_r, confidence)})
            proj_reps.append(p_r)
            row["projected"] = Estimate.from_replicates(p, p_r, confidence)
            row["gap"] = Estimate.from_replicates(m / p - 1, m_r / p_r - 1, confidence)
        rows.append(row)
    weights = [b.weight for b in benches]
    m_geo_r = weighted_geomean(np.array(meas_reps), weights)
    m_geo = float(weighted_geomean(np.array([r["measured"].value for r in rows]), weights))
    geo = {"suite": "", "benchmark": GEOMEAN, "weight": float(sum(weights)),
           "measured": Estimate.from_replicates(m_geo, m_geo_r, confidence)}
    replicates = {"measured": m_geo_r}
    if projectable:
        p_geo_r = weighted_geomean(np.array(proj_reps), weights)
        p_geo = float(weighted_geomean(np.array([r["projected"].value for r in rows]), weights))
        geo["projected"] = Estimate.from_replicates(p_geo, p_geo_r, confidence)
        geo["gap"] = Estimate.from_replicates(m_geo / p_geo - 1, m_geo_r / p_geo_r - 1, confidence)
        replicates["projected"] = p_geo_r
        for change in iso:
            g_pts = [g["gain"].value for g in gain_rows if g["change"] == change]
            g_geo_r = weighted_geomean(np.array(gain_reps[change]), weights)
            g_geo = float(weighted_geomean(np.array(g_pts), weights))
            replicates[change] = g_geo_r
            gain_rows.append({"suite": "", "benchmark": GEOMEAN, "change": change,
                              "gain": Estimate.from_replicates(g_geo, g_geo_r, confidence)})
    rows.append(geo)
    table = pd.DataFrame(rows)
    for col in ("projected", "gap"):
        if col not in table:
            table[col] = None
    gains = pd.DataFrame(gain_rows, columns=["suite", "benchmark", "change", "gain"])
    return StageCompounding(design, table, gains, missing, replicates)


@dataclass
class Cumulative:
    """Stage-by-stage compounding of the measured and projected geomean speed-ups."""

    table: pd.DataFrame   # stage, measured, projected, cumulative_measured, cumulative_projected, plan


def cumulative(stages: list[StageCompounding], confidence: float = DEFAULT_CONFIDENCE) -> Cumulative:
    """Cumulative speed-up after each stage: the product of the stages' measured speed-ups.

    Each stage is measured against its own predecessor, so the product
    telescopes to (tier 0 time) / (stage n time) when every stage ran on the
    same benchmarks.
    """
    rows = []
    cum_m, cum_m_r = 1.0, None
    cum_p, cum_p_r = 1.0, None
    for n, st in enumerate(sorted(stages, key=lambda s: s.design.stage), start=1):
        geo = st.geomean
        m_r = st.replicates["measured"]
        cum_m *= geo["measured"].value
        cum_m_r = m_r if cum_m_r is None else cum_m_r * m_r
        row = {"stage": st.design.stage, "name": st.design.name, "measured": geo["measured"],
               "cumulative_measured": Estimate.from_replicates(cum_m, cum_m_r, confidence),
               "plan": PLAN_STEP ** n}
        if "projected" in st.replicates and cum_p_r is not False:
            cum_p *= geo["projected"].value
            p_r = st.replicates["projected"]
            cum_p_r = p_r if cum_p_r is None else cum_p_r * p_r
            row["projected"] = geo["projected"]
            row["cumulative_projected"] = Estimate.from_replicates(cum_p, cum_p_r, confidence)
        else:
            cum_p_r = False  # a stage without isolated gains breaks the projected chain
        rows.append(row)
    return Cumulative(pd.DataFrame(rows))
