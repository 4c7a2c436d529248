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
from fivefold.model.contract import Contract, ContractResult, default_contract, design_for, evaluate
from fivefold.model.design import StageDesign, changes_from_registry, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.simulation import Fleet, StageInput, simulate
from fivefold.model.stats import DEFAULT_BOOT
from fivefold.reports import charts
from fivefold.reports.documents import render_html, render_markdown

PLAN_STAGES = (1, 2, 3, 4)
EXAMPLE_FLEET = Fleet(servers=1000, cost_per_server_year=3000.0, python_share=0.5)


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


@dataclass
class Report:
    folder: Path
    html: Path
    markdown: Path
    images: dict[str, dict[str, Path]]
    stages: list[StageReport]
    commit: str
    machine: str


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
        if not any(c.stage == contract.stage for c in changes):
            continue
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


def analyse(table: pd.DataFrame, plans, n_boot: int = DEFAULT_BOOT, seed: int = 0) -> list[StageReport]:
    stages = []
    for contract, design in plans:
        data = Measurements(table, contract.metric, _contract_suites(contract, table), n_boot=n_boot, seed=seed)
        comp = compound_stage(data, design, contract.confidence)
        verdict = evaluate(contract, table, design, n_boot=n_boot, seed=seed)
        stage = StageReport(contract, design, comp, verdict)
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


def build_report(table: pd.DataFrame, plans, out_root: str | Path = "reports/out",
                 fleet: Fleet | None = None, n_boot: int = DEFAULT_BOOT, draws: int = 20_000,
                 seed: int = 0, date: str | None = None) -> Report:
    commit = str(table["commit"].iloc[0])
    machine = str(table["machine"].iloc[0])
    date = date or _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d")
    folder = Path(out_root) / f"{date}-{commit}"
    folder.mkdir(parents=True, exist_ok=True)

    stages = analyse(table, plans, n_boot=n_boot, seed=seed)
    cum = cumulative([s.compounding for s in stages])
    fleet = fleet or EXAMPLE_FLEET
    sim = simulate(simulation_inputs(stages), draws=draws, seed=seed, fleet=fleet)

    images: dict[str, dict[str, Path]] = {}
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
    images["simulation"] = charts.save(charts.simulation_chart(sim), folder, "simulation")

    context = {"stages": stages, "cumulative": cum, "simulation": sim, "fleet": fleet, "images": images,
                   "commit": commit, "machine": machine, "date": date,
                   "example_fleet": fleet is EXAMPLE_FLEET}
    html_path = folder / "report.html"
    html_path.write_text(render_html(context), encoding="utf-8")
    md_path = folder / "summary.md"
    md_path.write_text(render_markdown(context), encoding="utf-8")
    return Report(folder, html_path, md_path, images, stages, commit, machine)
