"""Build the funding report from the store alone.

`build_report` runs the model on the table the store reader gives (compounding,
attribution, contract, simulation), draws the charts and writes, into
``<out>/<date>-<commit>/``: report.html (self-contained: images inlined as
data: URIs), summary.md (for a pull request) and every chart as PNG and SVG.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from fivefold.model.attribution import attribute_stage
from fivefold.model.compounding import StageCompounding, compound_stage, cumulative
from fivefold.model.contract import (
    SPEED_METRICS,
    Contract,
    ContractResult,
    default_contract,
    design_for,
    evaluate,
    with_store_metric,
)
from fivefold.model.design import StageDesign, changes_from_registry, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.simulation import Fleet, StageInput, simulate
from fivefold.model.stats import DEFAULT_BOOT
from fivefold.model.versus import Versus, against_cpython, timeline
from fivefold.reports import charts
from fivefold.reports.documents import render_html, render_markdown

PLAN_STAGES = (1, 2, 3, 4)


class ReportError(ValueError):
    """The store cannot answer what the report needs."""


@dataclass
class StageReport:
    contract: Contract
    design: StageDesign
    compounding: StageCompounding
    verdict: ContractResult
    attribution: dict = field(default_factory=dict)
    attribution_note: str = ""
    note: str = ""                 # e.g. judged on a stand-in metric


@dataclass
class Report:
    folder: Path
    html: Path
    markdown: Path
    images: dict[str, dict[str, Path]]
    stages: list[StageReport]
    commit: str
    machine: str
    versus: Versus | None = None


def plan_stages(table: pd.DataFrame, contracts: list[Contract] | None = None,
                baseline: str | None = None, candidate: str | None = None,
                changes=None) -> list[tuple[Contract, StageDesign]]:
    """Which stages the report covers, each with its contract and design."""
    if baseline or candidate:
        contract = (contracts or [default_contract(1)])[0]
        return [(contract, design_for(contract, table, baseline, candidate))]
    contracts = contracts or [default_contract(n) for n in PLAN_STAGES]
    changes = list(changes) if changes is not None else changes_from_registry()
    plans = []
    configs = set(table["config"])
    for contract in contracts:
        if contract.baseline or contract.candidate:
            plans.append((contract, design_for(contract, table)))
            continue
        if not any(c.stage == contract.stage and c.on_by_default for c in changes):
            continue   # no change, or none on by default (stage 3 while traces only record)
        design = stage_design(contract.stage, changes)
        if design.baseline in configs and design.candidate in configs:
            plans.append((contract, design))
    if not plans:
        raise ReportError("no stage of the plan is measured in the store (registered changes: "
                          f"{len(changes)}); name the engines to compare with --baseline/--candidate")
    return plans


def _contract_suites(contract: Contract, table: pd.DataFrame) -> list[str]:
    present = set(table["suite"])
    return [s.name for s in contract.suites if s.name in present]


def analyse(table: pd.DataFrame, plans, n_boot: int = DEFAULT_BOOT, seed: int = 0,
            metric: str | None = None) -> list[StageReport]:
    stages = []
    for contract, design in plans:
        contract, note = with_store_metric(contract, table, metric)
        data = Measurements(table, contract.metric, _contract_suites(contract, table), n_boot=n_boot, seed=seed)
        comp = compound_stage(data, design, contract.confidence)
        verdict = evaluate(contract, table, design, n_boot=n_boot, seed=seed)
        verdict.note = note
        stage = StageReport(contract, design, comp, verdict, note=note)
        try:
            stage.attribution = attribute_stage(data, design, seed=seed)
        except ValueError as exc:
            stage.attribution_note = str(exc)
        stages.append(stage)
    return stages


def simulation_inputs(stages: list[StageReport]) -> list[StageInput]:
    """Measured stages from their bootstrap; the rest of the plan from the default contracts."""
    measured = {s.contract.stage: StageInput.from_compounding(s.contract, s.compounding) for s in stages}
    return [measured.get(n) or StageInput.planned(default_contract(n)) for n in PLAN_STAGES]


def speed_metric(stages: list[StageReport], table: pd.DataFrame) -> str:
    """The metric the stages were judged on (the first stage's), else the store's."""
    if stages:
        return stages[0].contract.metric
    present = set(table["metric"])
    return next((m for m in SPEED_METRICS if m in present), "time")


def how_measured(table: pd.DataFrame, metric: str) -> dict:
    """What the report says about how its numbers were obtained."""
    rows = table[table["metric"] == metric]
    loads = pd.to_numeric(rows["load"], errors="coerce").dropna()
    values = rows["values"].map(len)
    stamps = sorted(t for t in rows["timestamp"] if t)
    versions = sorted({v for v in rows["version"] if v})
    sources = sorted({s for s in rows["source"] if s})
    if not versions:
        # Files from before fivefold_version was filed: an installed fivefold's
        # commit folder is v<version>-src<hash of its files>.
        import re

        named = [re.fullmatch(r"v(.+)-src([0-9a-f]+)", c) for c in sorted(set(rows["commit"]))]
        versions = sorted({m.group(1) for m in named if m})
        sources = sources or sorted({m.group(2) + " (of the installed files)" for m in named if m})
    return {
        "machine": str(rows["machine"].iloc[0]) if len(rows) else "",
        "cpu": ", ".join(sorted({c for c in rows["cpu"] if c})) or "not recorded",
        "arch": ", ".join(sorted({a for a in rows["arch"] if a})) or "not recorded",
        "commit": ", ".join(sorted(set(rows["commit"]))),
        "version": ", ".join(versions) or "not recorded",
        "source": ", ".join(sources) or "not recorded",
        "metric": metric,
        "counter": ", ".join(sorted({c for c in rows["counter"] if c})),
        "files": int(len(rows)),
        "engines": int(rows["engine"].nunique()),
        "benchmarks": int(rows["benchmark"].nunique()),
        "values_min": int(values.min()) if len(values) else 0,
        "values_max": int(values.max()) if len(values) else 0,
        "load_min": float(loads.min()) if len(loads) else None,
        "load_max": float(loads.max()) if len(loads) else None,
        "first": stamps[0] if stamps else "", "last": stamps[-1] if stamps else "",
        "cores": _cores(rows),
    }


def _cores(rows: pd.DataFrame) -> str:
    """CPU count from pyperf's metadata when the files have it."""
    import pyperf

    for path in rows["path"][:1]:
        try:
            meta = pyperf.BenchmarkSuite.load(path).get_benchmarks()[0].get_metadata()
        except Exception:  # noqa: BLE001 - a metadata nicety, never a failure
            return ""
        return str(meta.get("cpu_count", ""))
    return ""


def missing_data(stages: list[StageReport], versus: Versus | None, metric: str) -> list[str]:
    """What the store lacks for a complete report, each with what to run."""
    out = []
    if versus is None:
        out.append(f"no CPython 3.11 result of {metric}: the comparison with CPython is missing "
                   f"(`fivefold bench --engines cpython,... --metric {metric}`)")
    for s in stages:
        name = s.contract.name or s.design.name
        if s.note:
            out.append(f"{name}: {s.note}")
        isolated = [k for k in s.compounding.missing if k not in (s.design.baseline, s.design.candidate)]
        if isolated:
            out.append(f"{name}: {len(isolated)} per-change configuration(s) not measured (each change "
                       f"alone, `fivefold:stage={s.contract.stage - 1},with=ID`): no projection, "
                       "waterfall or Shapley attribution for this stage")
        for check in s.verdict.limits:
            if not check.measured:
                out.append(f"{name}: {check.name} not measured; {check.note.split('; ', 1)[-1]}")
    return out


def build_report(table: pd.DataFrame, plans, out_root: str | Path = "reports/out",
                 fleet: Fleet | None = None, n_boot: int = DEFAULT_BOOT, draws: int = 20_000,
                 seed: int = 0, date: str | None = None, metric: str | None = None,
                 history: pd.DataFrame | None = None) -> Report:
    """`fleet` is the sponsor's (read from its TOML file); without it the report
    shows no fleet or savings figure. `history` (every run of the store) adds the
    timeline of the speed-up across runs when it holds more than one."""
    commit = str(table["commit"].iloc[0])
    machine = str(table["machine"].iloc[0])
    date = date or _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d")
    folder = Path(out_root) / f"{date}-{commit}"
    folder.mkdir(parents=True, exist_ok=True)

    stages = analyse(table, plans, n_boot=n_boot, seed=seed, metric=metric)
    cum = cumulative([s.compounding for s in stages])
    sim = simulate(simulation_inputs(stages), draws=draws, seed=seed, fleet=fleet)
    judged_on = speed_metric(stages, table)
    versus = against_cpython(table, judged_on, n_boot=n_boot, seed=seed)

    images: dict[str, dict[str, Path]] = {}
    if versus is not None and not versus.headline.empty:
        images["versus"] = charts.save(charts.versus_headline_chart(versus), folder, "versus-cpython")
        images["versus-benchmarks"] = charts.save(charts.versus_benchmarks_chart(versus), folder,
                                                  "versus-cpython-benchmarks")
    runs = timeline(history, judged_on, machine) if history is not None else None
    if runs is not None and not runs.empty and versus is not None:
        images["timeline"] = charts.save(charts.timeline_chart(runs, versus.baseline_label), folder, "timeline")
    images["cumulative"] = charts.save(charts.cumulative_chart(cum.table), folder, "cumulative")
    for s in stages:
        n = s.contract.stage
        name = s.design.name
        per = s.compounding.per_benchmark
        images[f"benchmarks-{n}"] = charts.save(
            charts.benchmarks_chart(per, s.contract.target, f"{name}: speed-up per benchmark"),
            folder, f"benchmarks-stage{n}")
        if per["projected"].notna().any():
            images[f"projected-{n}"] = charts.save(
                charts.projected_vs_measured_chart(per, f"{name}: projected against measured"),
                folder, f"projected-stage{n}")
        if "sequential" in s.attribution:
            images[f"waterfall-{n}"] = charts.save(
                charts.waterfall_chart(s.attribution["sequential"].table, f"{name}: gains in merge order"),
                folder, f"waterfall-stage{n}")
        if any(c.ratio is not None for c in s.verdict.limits):
            images[f"limits-{n}"] = charts.save(charts.limits_chart(s.verdict.limits), folder, f"limits-stage{n}")
    verdicts = {s.contract.stage: s.verdict.verdict for s in stages}
    images["simulation"] = charts.save(charts.simulation_chart(sim, verdicts), folder, "simulation")

    context = {"stages": stages, "cumulative": cum, "simulation": sim, "fleet": fleet, "images": images,
               "commit": commit, "machine": machine, "date": date, "versus": versus, "timeline": runs,
               "how": how_measured(table, judged_on), "missing": missing_data(stages, versus, judged_on)}
    html_path = folder / "report.html"
    html_path.write_text(render_html(context), encoding="utf-8")
    md_path = folder / "summary.md"
    md_path.write_text(render_markdown(context), encoding="utf-8")
    return Report(folder, html_path, md_path, images, stages, commit, machine, versus)
