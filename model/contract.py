"""The per-stage contract: target, payment window, budget, non-regression limits.

A contract is a TOML file (model/contracts/stageN.toml are the defaults). `evaluate`
turns a contract and the store's table into the delivered speed-up with its
interval, the verdict, the amount owed and each limit passed or broken.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd
from fivefold.model.design import (
    StageDesign,
    changes_from_registry,
    engine_pair_design,
    stage_design,
)
from fivefold.model.measurements import Measurements
from fivefold.model.stats import DEFAULT_BOOT, Estimate, weighted_geomean

DECISIONS = ("point", "lower_bound")


class ContractError(ValueError):
    """The contract file is missing, malformed or asks for something the store cannot answer."""


@dataclass(frozen=True)
class Suite:
    name: str
    weight: float = 1.0


@dataclass(frozen=True)
class Contract:
    stage: int
    name: str = ""
    target: float = 1.5
    metric: str = "time"
    decide_on: str = "point"
    confidence: float = 0.95
    window: tuple[float, float] = (1.4, 1.6)
    budget: float = 500_000.0
    development_share: float = 0.5
    baseline: str | None = None
    candidate: str | None = None
    suites: tuple[Suite, ...] = (Suite("pyperformance"), Suite("fivefold"))
    startup_limit: float | None = 1.10
    memory_limit: float | None = 1.25
    benchmark_limits: dict = field(default_factory=dict)
    planned_gain: float = 1.5
    planned_log_sd: float = 0.15
    source: str = ""

    @property
    def development(self) -> float:
        return self.budget * self.development_share

    @property
    def maintenance(self) -> float:
        return self.budget - self.development

    def payment(self, speedup: float) -> float:
        """Development money owed for a delivered speed-up (the window rule)."""
        low, high = self.window
        if speedup < low:
            return 0.0
        effective = min(speedup, high)
        return self.development * (effective - 1.0) / (self.target - 1.0)


def _number(section: dict, key: str, default, where: str) -> float:
    value = section.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ContractError(f"{where}: {key} must be a number, not {value!r}")
    return float(value)


def parse_contract(text: str, source: str = "<contract>") -> Contract:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContractError(f"{source}: not valid TOML ({exc})") from None
    head = doc.get("contract", {})
    if "stage" not in head:
        raise ContractError(f"{source}: [contract] needs a stage number")
    pay = doc.get("payment", {})
    limits = doc.get("limits", {})
    engines = doc.get("engines", {})
    sim = doc.get("simulation", {})
    window = pay.get("window", [1.4, 1.6])
    if (not isinstance(window, list) or len(window) != 2
            or not all(isinstance(x, (int, float)) for x in window) or not 1.0 < window[0] < window[1]):
        raise ContractError(f"{source}: payment.window must be [low, high] with 1 < low < high, not {window!r}")
    decide_on = head.get("decide_on", "point")
    if decide_on not in DECISIONS:
        raise ContractError(f"{source}: decide_on must be one of {DECISIONS}, not {decide_on!r}")
    target = _number(head, "target", 1.5, source)
    if target <= 1.0:
        raise ContractError(f"{source}: target must be above 1.0 (a speed-up), not {target}")
    share = _number(pay, "development_share", 0.5, source)
    if not 0.0 <= share <= 1.0:
        raise ContractError(f"{source}: development_share must be between 0 and 1, not {share}")
    suites = tuple(Suite(str(s["name"]), _number(s, "weight", 1.0, source))
                   for s in doc.get("suites", [{"name": "pyperformance"}, {"name": "fivefold"}]))
    if not suites or any(s.weight <= 0 for s in suites):
        raise ContractError(f"{source}: [[suites]] needs at least one suite, each with a positive weight")
    bench_limits = {str(k): _number(limits["benchmarks"], k, None, source)
                    for k in limits.get("benchmarks", {})}
    return Contract(
        stage=int(head["stage"]), name=str(head.get("name", "")), target=target,
        metric=str(head.get("metric", "time")), decide_on=decide_on,
        confidence=_number(head, "confidence", 0.95, source),
        window=(float(window[0]), float(window[1])),
        budget=_number(pay, "budget", 500_000, source), development_share=share,
        baseline=engines.get("baseline"), candidate=engines.get("candidate"),
        suites=suites,
        startup_limit=_number(limits, "startup", None, source),
        memory_limit=_number(limits, "memory", None, source),
        benchmark_limits=bench_limits,
        planned_gain=_number(sim, "planned_gain", 1.5, source),
        planned_log_sd=_number(sim, "planned_log_sd", 0.15, source),
        source=source,
    )


def load_contract(path: str | Path) -> Contract:
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as exc:
        raise ContractError(f"cannot read contract {path}: {exc.strerror}") from None
    return parse_contract(text, str(path))


def default_contract(stage: int) -> Contract:
    name = f"stage{stage}.toml"
    ref = resources.files("fivefold.model").joinpath("contracts", name)
    if not ref.is_file():
        raise ContractError(f"no default contract for stage {stage} (stages 1-4 have one)")
    return parse_contract(ref.read_text(), f"fivefold/model/contracts/{name}")


def design_for(contract: Contract, table: pd.DataFrame, baseline: str | None = None,
               candidate: str | None = None, changes=None) -> StageDesign:
    """Engines named on the command line, else in the contract, else the stage convention."""
    baseline = baseline or contract.baseline
    candidate = candidate or contract.candidate
    if baseline or candidate:
        if not (baseline and candidate):
            raise ContractError("name both the baseline and the candidate engine")
        return engine_pair_design(table, baseline, candidate, contract.stage)
    design = stage_design(contract.stage, list(changes) if changes is not None else changes_from_registry())
    return _as_measured(design, table, contract.stage)


def _as_measured(design: StageDesign, table: pd.DataFrame, stage: int) -> StageDesign:
    """The stage convention's engines when the store holds them; else, when the store
    was measured before the registry's newest changes (a published run older than
    the checkout), stage N-1 and stage N as they ran then (`fivefold:stage=N`, one
    configuration each in the run), labelled so: the verdict is the measured run's,
    not a projection of the current set."""
    configs = set(table["config"]) if "config" in table else set()
    if design.baseline in configs and design.candidate in configs:
        return design
    try:
        measured = engine_pair_design(table, f"fivefold:stage={stage - 1}", f"fivefold:stage={stage}",
                                      stage)
    except ValueError:
        return design   # not in the store at all, or several runs mixed: the usual error follows
    return dataclasses.replace(
        measured, note=(f"fivefold stage {stage} against stage {stage - 1} as measured (the store's run "
                        f"predates the registry's current set of {len(design.changes)} stage-{stage} "
                        "changes)"))


# Speed metrics a stage can be judged on, in the order one stands in for another
# when the store lacks the contract's (instruction counts are deterministic on a
# loaded machine, where wall time is not).
SPEED_METRICS = ("time", "instructions", "qemu-instructions")
METRIC_LABELS = {"time": "wall time (pyperf)",
                 "instructions": "instructions per loop (cachegrind, x86-64)",
                 "qemu-instructions": "instructions per loop (qemu, AArch64)",
                 "startup": "start-up time", "memory": "peak memory"}
# How to measure what a limit needs, for the message of a limit not measured.
HOW_TO_MEASURE = {"startup": "fivefold bench --engines BASELINE,CANDIDATE --metric startup",
                  "memory": "fivefold bench --engines BASELINE,CANDIDATE --metric memory --fast"}


def with_store_metric(contract: Contract, table: pd.DataFrame,
                      metric: str | None = None) -> tuple[Contract, str]:
    """The contract judged on `metric` when given, else on its own metric when
    the store has it, else on the speed metric the store has (a note says so,
    for every output to show: the sponsor agreed to the contract's metric)."""
    present = set(table["metric"]) if "metric" in table else set()
    if metric:
        if metric not in present:
            raise ContractError(f"the store has no {metric!r} results (it has: {', '.join(sorted(present))})")
        if metric == contract.metric:
            return contract, ""
        return (dataclasses.replace(contract, metric=metric),
                f"judged on {METRIC_LABELS.get(metric, metric)} as asked (the contract says "
                f"{METRIC_LABELS.get(contract.metric, contract.metric)})")
    if contract.metric in present:
        return contract, ""
    for other in SPEED_METRICS:
        if other in present:
            return (dataclasses.replace(contract, metric=other),
                    f"the contract is judged on {METRIC_LABELS.get(contract.metric, contract.metric)}, "
                    f"which the store does not hold: judged here on "
                    f"{METRIC_LABELS.get(other, other)} instead, a stand-in, not the agreed measure")
    return contract, ""


@dataclass
class LimitCheck:
    name: str
    ratio: Estimate | None       # candidate / baseline (>1 is worse)
    limit: float
    passed: bool
    note: str = ""

    @property
    def measured(self) -> bool:
        return self.ratio is not None

    @property
    def status(self) -> str:
        if not self.measured:
            return "not measured"
        return "passed" if self.passed else "BROKEN"


@dataclass
class ContractResult:
    contract: Contract
    design: StageDesign
    delivered: Estimate
    suites: pd.DataFrame           # suite, weight, speedup (Estimate), benchmarks
    decision_value: float
    verdict: str
    development_owed: float
    maintenance_committed: float
    limits: list[LimitCheck]
    note: str = ""                 # e.g. judged on another metric than the contract's

    @property
    def decided(self) -> bool:
        return not self.verdict.startswith("not decided")

    @property
    def owed(self) -> float:
        return self.development_owed + self.maintenance_committed


def _suite_speedups(table, contract, design, n_boot, seed):
    rows, reps, weights = [], [], []
    for suite in contract.suites:
        data = Measurements(table, contract.metric, [suite.name], n_boot=n_boot, seed=seed)
        benches = data.benchmarks(design.baseline, design.candidate)
        if not benches:
            rows.append({"suite": suite.name, "weight": suite.weight, "speedup": None, "benchmarks": 0})
            continue
        points, r = zip(*(data.speedup(design.baseline, design.candidate, b) for b in benches))
        w = [b.weight for b in benches]
        geo_r = weighted_geomean(np.array(r), w)
        geo = float(weighted_geomean(np.array(points), w))
        rows.append({"suite": suite.name, "weight": suite.weight, "benchmarks": len(benches),
                     "speedup": Estimate.from_replicates(geo, geo_r, contract.confidence)})
        reps.append(geo_r)
        weights.append(suite.weight)
    frame = pd.DataFrame(rows)
    if not reps:
        raise ContractError(
            f"the store has no {contract.metric!r} results on both {design.baseline_name} and "
            f"{design.candidate_name} in the contract's suites ({', '.join(s.name for s in contract.suites)})")
    points = [r["speedup"].value for r in rows if r["speedup"] is not None]
    total = float(weighted_geomean(np.array(points), weights))
    total_r = weighted_geomean(np.array(reps), weights)
    return frame, Estimate.from_replicates(total, total_r, contract.confidence)


def _ratio_check(table, metric, design, limit, name, contract, n_boot, seed, benchmark=None):
    data = Measurements(table, metric, n_boot=n_boot, seed=seed)
    benches = data.benchmarks(design.baseline, design.candidate)
    if benchmark is not None:
        benches = [b for b in benches if b.benchmark == benchmark]
    if not benches:
        how = HOW_TO_MEASURE.get(metric, f"fivefold bench --engines BASELINE,CANDIDATE --metric {metric}")
        return LimitCheck(name, None, limit, False, f"no {metric} results on both engines: cannot show "
                          f"it is kept; measure with `{how}`")
    pairs = [data.speedup(design.baseline, design.candidate, b) for b in benches]
    # speedup is baseline / candidate; the limit is on candidate / baseline.
    ratio_pts = np.array([1.0 / p for p, _ in pairs])
    ratio_r = np.array([1.0 / r for _, r in pairs])
    w = [b.weight for b in benches]
    ratio = Estimate.from_replicates(float(weighted_geomean(ratio_pts, w)), weighted_geomean(ratio_r, w),
                                     contract.confidence)
    judged = ratio.high if contract.decide_on == "lower_bound" else ratio.value
    note = f"{len(benches)} benchmark(s)"
    if len(benches) > 1:
        worst = int(np.argmax(ratio_pts))
        note += f", worst {benches[worst].benchmark} {ratio_pts[worst]:.3f}x"
    return LimitCheck(name, ratio, limit, bool(judged <= limit), note)


def evaluate(contract: Contract, table: pd.DataFrame, design: StageDesign,
             n_boot: int = DEFAULT_BOOT, seed: int = 0) -> ContractResult:
    suites, delivered = _suite_speedups(table, contract, design, n_boot, seed)
    decision = delivered.low if contract.decide_on == "lower_bound" else delivered.value
    limits = []
    if contract.startup_limit is not None:
        limits.append(_ratio_check(table, "startup", design, contract.startup_limit, "start-up time",
                                   contract, n_boot, seed))
    if contract.memory_limit is not None:
        limits.append(_ratio_check(table, "memory", design, contract.memory_limit, "peak memory",
                                   contract, n_boot, seed))
    for bench, factor in sorted(contract.benchmark_limits.items()):
        limits.append(_ratio_check(table, contract.metric, design, factor, f"benchmark {bench}",
                                   contract, n_boot, seed, benchmark=bench))
    low, _ = contract.window
    broken = [c for c in limits if c.measured and not c.passed]
    unmeasured = [c for c in limits if not c.measured]
    if broken:
        verdict, dev, maint = "rejected: a non-regression limit is broken", 0.0, 0.0
    elif decision < low:
        verdict, dev, maint = "rejected: below the payment window", 0.0, 0.0
    elif unmeasured:
        # The speed-up qualifies, but a limit the store cannot judge may still be
        # broken: nothing is owed until it is measured (not a rejection either).
        verdict = ("not decided: the speed-up qualifies, but " + ", ".join(c.name for c in unmeasured)
                   + " not measured")
        dev, maint = 0.0, 0.0
    else:
        verdict = "target met" if decision >= contract.target else "inside the window, target missed"
        dev, maint = contract.payment(decision), contract.maintenance
    return ContractResult(contract, design, delivered, suites, float(decision), verdict, dev, maint, limits)


def _x(e: Estimate) -> str:
    return f"{e.value:.3f}x [{e.low:.3f}, {e.high:.3f}]"


def format_result(result: ContractResult) -> str:
    c = result.contract
    lines = [
        f"{c.name or 'stage ' + str(c.stage)}  ({c.source})",
        f"  compared: {result.design.baseline_name} (baseline) -> {result.design.candidate_name} (delivered)",
        f"  metric: {METRIC_LABELS.get(c.metric, c.metric)}",
    ]
    if result.note:
        lines.append(f"  NOTE: {result.note}")
    for row in result.suites.itertuples():
        shown = _x(row.speedup) if row.speedup is not None else "not measured (left out)"
        lines.append(f"  suite {row.suite} (weight {row.weight:g}, {row.benchmarks} benchmarks): {shown}")
    lines += [
        (f"  delivered speed-up: {result.delivered.value:.3f}x  "
        f"[{result.delivered.low:.3f}, {result.delivered.high:.3f}] ({c.confidence:.0%} interval)"),
        (f"  decided on: {'lower confidence bound' if c.decide_on == 'lower_bound' else 'point estimate'}"
        f" = {result.decision_value:.3f}x; target {c.target:g}x, window {c.window[0]:g}x-{c.window[1]:g}x"),
        f"  verdict: {result.verdict}",
        (f"  owed: ${result.development_owed:,.0f} development (${c.development:,.0f} at the target, "
        f"more up to window[1]) + ${result.maintenance_committed:,.0f} maintenance "
        f"(of ${c.maintenance:,.0f})"),
    ]
    for check in result.limits:
        shown = _x(check.ratio) if check.ratio is not None else "n/a"
        lines.append(f"  limit {check.name}: {shown} <= {check.limit:g}x  "
                     f"{check.status.upper()}  ({check.note})")
    return "\n".join(lines)
