"""Attribution: how much of a stage's total speed-up each change earned.

All three methods work in log space on a *value function* v(S): the log of the
geometric-mean speed-up of baseline + the changes in S over the baseline
(v(empty) = 0, v(all) = log of the stage's measured speed-up).

- sequential: in merge order, each change's gain over the engine just before
  it was merged; the gains telescope to the total.
- leave-one-out: what is lost when one change is taken out of the full stage;
  these do not sum to the total when changes interact (the residual says so).
- Shapley: each change's marginal gain averaged over orders of arrival,
  estimated from sampled permutations (all of them when there are few), with
  a 95% error bound from the spread of the sampled marginals. Every
  permutation's marginals telescope to v(all), so the values sum to the total
  exactly, and without interaction every marginal of a change is its isolated
  gain, so Shapley equals the isolated gains exactly.

Subsets the store holds are measured; others (a merge-order prefix or a
permutation's intermediate set that was never run) come from a stated
surrogate: the isolated gains plus the stage's measured interaction spread
evenly over the pairs of changes present. Each result says how many of the
values it used were measured.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from fivefold.model.design import StageDesign
from fivefold.model.measurements import Measurements
from fivefold.model.stats import weighted_geomean

Z95 = 1.959963984540054


class StoreValueFunction:
    """v(S) from the store: measured where the configuration exists, else the surrogate."""

    def __init__(self, data: Measurements, design: StageDesign):
        self.design = design
        self.data = data
        self.changes = tuple(design.changes)
        self.benches = data.benchmarks(design.baseline, design.candidate)
        if not self.benches:
            raise ValueError(f"{design.name}: nothing measured on both baseline and candidate")
        self._cache: dict[frozenset, float | None] = {}
        self.isolated = {}
        for c in self.changes:
            value = self._measured_value(frozenset({c}))
            if value is None:
                hint = (f" (`fivefold bench --engines fivefold:stage={design.stage - 1},with={c}`)"
                        if not design.explicit else "")
                raise ValueError(f"{design.name}: change {c} was not measured alone{hint}; attribution "
                                 "needs each change's isolated gain")
            self.isolated[c] = value
        self.total = self._measured_value(frozenset(self.changes))
        n = len(self.changes)
        self._pairs_total = n * (n - 1) / 2
        self.interaction = self.total - sum(self.isolated.values())

    def _measured_value(self, subset: frozenset) -> float | None:
        if subset not in self._cache:
            key = self.design.key_for(subset)
            if not subset:
                value = 0.0
            elif key and all(self.data.has(key, b) for b in self.benches):
                ratios = [self.data.speedup(self.design.baseline, key, b)[0] for b in self.benches]
                value = float(np.log(weighted_geomean(np.array(ratios), [b.weight for b in self.benches])))
            else:
                value = None
            self._cache[subset] = value
        return self._cache[subset]

    def measured(self, subset) -> bool:
        return self._measured_value(frozenset(subset)) is not None

    def __call__(self, subset) -> float:
        subset = frozenset(subset)
        value = self._measured_value(subset)
        if value is not None:
            return value
        k = len(subset)
        share = (k * (k - 1) / 2) / self._pairs_total if self._pairs_total else 0.0
        return sum(self.isolated[c] for c in subset) + share * self.interaction


@dataclass
class Attribution:
    method: str
    table: pd.DataFrame       # change, log_gain, gain (x), error (log, 95%), measured
    total_log: float          # log of the stage's total speed-up
    measured_share: float     # fraction of the value-function calls that were measured

    @property
    def residual_log(self) -> float:
        """Total minus the sum of the attributions (0 for sequential and Shapley)."""
        return self.total_log - float(self.table["log_gain"].sum())


def _frame(rows):
    table = pd.DataFrame(rows, columns=["change", "log_gain", "error", "measured"])
    table["gain"] = np.exp(table["log_gain"])
    return table


def _is_measured(v, subset) -> bool:
    return bool(getattr(v, "measured", lambda s: True)(subset))


def sequential(v, order) -> Attribution:
    """Each change's gain over its predecessor in merge order."""
    rows, before, hits = [], frozenset(), 0
    for change in order:
        after = before | {change}
        ok = _is_measured(v, before) and _is_measured(v, after)
        hits += ok
        rows.append((change, v(after) - v(before), 0.0, ok))
        before = after
    return Attribution("sequential", _frame(rows), v(frozenset(order)), hits / max(len(rows), 1))


def leave_one_out(v, changes) -> Attribution:
    """What the full stage loses without each change."""
    full = frozenset(changes)
    rows = []
    for change in changes:
        ok = _is_measured(v, full - {change})
        rows.append((change, v(full) - v(full - {change}), 0.0, ok))
    hits = sum(r[3] for r in rows)
    return Attribution("leave-one-out", _frame(rows), v(full), hits / max(len(rows), 1))


def shapley(v, changes, n_permutations: int = 2000, seed: int = 0) -> Attribution:
    """Shapley values from sampled permutations (every permutation when n! is small)."""
    changes = tuple(changes)
    n = len(changes)
    if n == 0:
        raise ValueError("no changes to attribute")
    exact = math.factorial(n) <= n_permutations
    if exact:
        orders = list(itertools.permutations(range(n)))
    else:
        rng = np.random.default_rng(seed)
        orders = [tuple(rng.permutation(n)) for _ in range(n_permutations)]
    marginals = np.zeros((len(orders), n))
    cache: dict[frozenset, float] = {}
    calls = measured = 0

    def value(subset: frozenset) -> float:
        nonlocal calls, measured
        if subset not in cache:
            cache[subset] = v(subset)
            calls += 1
            measured += _is_measured(v, subset)
        return cache[subset]

    for row, order in enumerate(orders):
        before = frozenset()
        previous = value(before)
        for index in order:
            after = before | {changes[index]}
            current = value(after)
            marginals[row, index] = current - previous
            before, previous = after, current
    means = marginals.mean(axis=0)
    if exact or len(orders) < 2:
        errors = np.zeros(n)
    else:
        errors = Z95 * marginals.std(axis=0, ddof=1) / math.sqrt(len(orders))
    rows = [(c, float(means[i]), float(errors[i]), None) for i, c in enumerate(changes)]
    table = _frame(rows)
    table["measured"] = None
    result = Attribution("shapley (exact)" if exact else f"shapley ({len(orders)} permutations)",
                         table, value(frozenset(changes)), measured / max(calls, 1))
    return result


def attribute_stage(data: Measurements, design: StageDesign, n_permutations: int = 2000,
                    seed: int = 0) -> dict[str, Attribution]:
    v = StoreValueFunction(data, design)
    return {
        "sequential": sequential(v, design.changes),
        "leave-one-out": leave_one_out(v, design.changes),
        "shapley": shapley(v, design.changes, n_permutations, seed),
    }
