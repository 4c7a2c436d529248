"""Monte Carlo over the plan: what the sponsor can expect to get and to pay.

Each change's gain is a lognormal distribution: measured changes take the
centre and spread of their bootstrap replicates (geometric mean over the
benchmarks); a stage not measured yet takes the contract's assumed gain. A
stage's speed-up is the product of its changes' gains times the measured
interaction (measured / projected), also lognormal. From many draws:
the probability each stage meets its target, the distribution of the total
after all stages, the expected payment (window rule, maintenance when the
delivery is accepted; the non-regression limits are assumed kept), the
sponsor's cost per percentage point of speed-up, and the fleet savings
(a speed-up S of the share f of CPU time spent in Python needs
f / S + (1 - f) of the hardware: at S = 1.5 and f = 1, a third less).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from fivefold.model.compounding import StageCompounding
from fivefold.model.contract import Contract

DEFAULT_DRAWS = 20_000


@dataclass(frozen=True)
class LogNormal:
    """A positive quantity whose log is normal(mu, sigma)."""

    mu: float
    sigma: float

    @classmethod
    def from_replicates(cls, point: float, replicates) -> LogNormal:
        return cls(float(np.log(point)), float(np.std(np.log(np.asarray(replicates)), ddof=1)))

    def draw(self, rng: np.random.Generator, n: int) -> np.ndarray:
        if self.sigma == 0.0:
            return np.full(n, self.mu)
        return rng.normal(self.mu, self.sigma, n)          # log values


@dataclass
class StageInput:
    contract: Contract
    gains: dict[str, LogNormal]                 # change id -> its gain
    interaction: LogNormal = LogNormal(0.0, 0.0)
    measured: bool = True

    @classmethod
    def planned(cls, contract: Contract) -> StageInput:
        return cls(contract, {f"stage {contract.stage} (planned)":
                              LogNormal(float(np.log(contract.planned_gain)), contract.planned_log_sd)},
                   measured=False)

    @classmethod
    def from_compounding(cls, contract: Contract, result: StageCompounding) -> StageInput:
        reps = result.replicates
        geo = result.geomean
        if "projected" not in reps:
            # No isolated gains: the stage's measured total is the one distribution we have.
            return cls(contract, {result.design.name: LogNormal.from_replicates(geo["measured"].value,
                                                                                reps["measured"])})
        gains = {}
        rows = result.gains[result.gains["benchmark"] == "geometric mean"]
        for row in rows.itertuples():
            gains[row.change] = LogNormal.from_replicates(row.gain.value, reps[row.change])
        ratio = reps["measured"] / reps["projected"]
        interaction = LogNormal.from_replicates(geo["measured"].value / geo["projected"].value, ratio)
        return cls(contract, gains, interaction)


@dataclass(frozen=True)
class Fleet:
    servers: float
    cost_per_server_year: float
    python_share: float
    source: str = ""             # the sponsor's file (or what it names as the figures' origin)

    def __post_init__(self):
        if self.servers < 0 or self.cost_per_server_year < 0 or not 0.0 <= self.python_share <= 1.0:
            raise ValueError("fleet: servers and cost must be >= 0, python_share within [0, 1]")

    def servers_saved(self, speedup):
        speedup = np.asarray(speedup, dtype=float)
        return self.servers * self.python_share * (1.0 - 1.0 / speedup)

    def yearly_savings(self, speedup):
        return self.servers_saved(speedup) * self.cost_per_server_year


def load_fleet(path) -> Fleet:
    """The sponsor's fleet from its TOML file (the only source of fleet and savings
    figures: the report shows none without it):

        [fleet]
        servers = 1200                 # servers running Python services
        cost_per_server_year = 2500    # US dollars
        python_share = 0.6             # share of their CPU time spent in Python
        source = "2026 capacity plan"  # optional: where the figures come from
    """
    import tomllib
    from pathlib import Path

    try:
        doc = tomllib.loads(Path(path).read_text())
    except OSError as exc:
        raise ValueError(f"cannot read fleet file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML ({exc})") from None
    section = doc.get("fleet")
    if not isinstance(section, dict):
        raise ValueError(f"{path}: needs a [fleet] table with servers, cost_per_server_year, python_share")
    values = []
    for key in ("servers", "cost_per_server_year", "python_share"):
        value = section.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{path}: fleet.{key} must be a number, not {value!r}")
        values.append(float(value))
    return Fleet(*values, source=str(section.get("source", path)))


@dataclass
class SimulationResult:
    stages: pd.DataFrame            # stage, measured, target, p_meet, median, p05, p95, expected_payment
    stage_draws: dict[int, np.ndarray]
    total_draws: np.ndarray         # cumulative speed-up after the last stage
    payment_draws: np.ndarray       # sponsor's outlay over all stages
    fleet: Fleet | None = None
    savings_draws: np.ndarray | None = None
    summary: dict = field(default_factory=dict)


def simulate(stages: list[StageInput], draws: int = DEFAULT_DRAWS, seed: int = 0,
             fleet: Fleet | None = None) -> SimulationResult:
    if not stages:
        raise ValueError("nothing to simulate: no stages")
    rng = np.random.default_rng(seed)
    rows, stage_draws = [], {}
    total_log = np.zeros(draws)
    outlay = np.zeros(draws)
    for st in sorted(stages, key=lambda s: s.contract.stage):
        c = st.contract
        log_s = st.interaction.draw(rng, draws)
        for gain in st.gains.values():
            log_s = log_s + gain.draw(rng, draws)
        s = np.exp(log_s)
        stage_draws[c.stage] = s
        total_log += log_s
        low, high = c.window
        accepted = s >= low
        dev = np.where(accepted, c.development * (np.minimum(s, high) - 1.0) / (c.target - 1.0), 0.0)
        paid = dev + np.where(accepted, c.maintenance, 0.0)
        outlay += paid
        rows.append({"stage": c.stage, "measured": st.measured, "target": c.target,
                     "p_meet": float(np.mean(s >= c.target)), "p_accept": float(np.mean(accepted)),
                     "median": float(np.median(s)), "p05": float(np.percentile(s, 5)),
                     "p95": float(np.percentile(s, 95)),
                     "expected_development": float(dev.mean()), "expected_payment": float(paid.mean())})
    total = np.exp(total_log)
    points = (total - 1.0) * 100.0
    summary = {
        "stages": len(stages),
        "total_median": float(np.median(total)), "total_p05": float(np.percentile(total, 5)),
        "total_p95": float(np.percentile(total, 95)),
        "p_total_reaches_plan": float(np.mean(total >= 1.5 ** len(stages))),
        "expected_payment": float(outlay.mean()),
        "expected_development": float(sum(r["expected_development"] for r in rows)),
        "cost_per_point": float(outlay.mean() / points.mean()) if points.mean() > 0 else float("inf"),
    }
    savings = None
    if fleet is not None:
        savings = fleet.yearly_savings(total)
        summary["expected_servers_saved"] = float(fleet.servers_saved(total).mean())
        summary["expected_yearly_savings"] = float(savings.mean())
    return SimulationResult(pd.DataFrame(rows), stage_draws, total, outlay, fleet, savings, summary)
