"""Sample access with shared bootstrap replicates.

Every quantity of one analysis (isolated gains, measured speed-up, their
ratio) must use the *same* replicate of a given file's mean, or the intervals
of derived quantities would be too wide (a baseline resampled twice). This
class draws each (configuration, benchmark) replicate once and caches it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from fivefold.model.stats import DEFAULT_BOOT, resampled_means


@dataclass(frozen=True)
class Bench:
    suite: str
    benchmark: str
    weight: float


class Measurements:
    """The samples of one metric (optionally some suites), by configuration and benchmark."""

    def __init__(self, table: pd.DataFrame, metric: str = "time", suites=None,
                 n_boot: int = DEFAULT_BOOT, seed: int = 0):
        rows = table[table["metric"] == metric]
        if suites is not None:
            rows = rows[rows["suite"].isin(list(suites))]
        self.metric = metric
        self.n_boot = n_boot
        self._rng = np.random.default_rng(seed)
        self._values: dict[tuple[str, str, str], np.ndarray] = {}
        self._weights: dict[tuple[str, str], float] = {}
        for row in rows.itertuples(index=False):
            key = (row.config, row.suite, row.benchmark)
            if key in self._values:
                # Two files for one configuration (two specs naming the same
                # change set): their samples are one sample of that configuration.
                self._values[key] = np.concatenate([self._values[key], np.asarray(row.values, float)])
            else:
                self._values[key] = np.asarray(row.values, dtype=float)
            self._weights[(row.suite, row.benchmark)] = float(row.weight)
        self._reps: dict[tuple[str, str, str], np.ndarray] = {}

    def configs(self) -> set[str]:
        return {k[0] for k in self._values}

    def has(self, config: str, bench: Bench) -> bool:
        return (config, bench.suite, bench.benchmark) in self._values

    def benchmarks(self, *configs: str) -> list[Bench]:
        """Benchmarks measured on every one of `configs`, sorted by suite and name."""
        keys = sorted(self._weights)
        return [Bench(s, b, self._weights[(s, b)]) for s, b in keys
                if all((c, s, b) in self._values for c in configs)]

    def values(self, config: str, bench: Bench) -> np.ndarray:
        return self._values[(config, bench.suite, bench.benchmark)]

    def mean(self, config: str, bench: Bench) -> tuple[float, np.ndarray]:
        """The mean and its bootstrap replicates."""
        key = (config, bench.suite, bench.benchmark)
        if key not in self._reps:
            self._reps[key] = resampled_means(self._values[key], self.n_boot, self._rng)
        return float(self._values[key].mean()), self._reps[key]

    def speedup(self, baseline: str, config: str, bench: Bench) -> tuple[float, np.ndarray]:
        """How many times faster (or smaller) `config` is than `baseline`: baseline / config."""
        b, b_reps = self.mean(baseline, bench)
        c, c_reps = self.mean(config, bench)
        return b / c, b_reps / c_reps
