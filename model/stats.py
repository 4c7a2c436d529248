"""Bootstrap and averaging helpers shared by the model.

Confidence intervals come from resampling each file's pyperf samples with
replacement (a percentile bootstrap of the mean): no normality assumption, and
ratios, products and geometric means of resampled means get their intervals by
doing the same arithmetic on every replicate.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

DEFAULT_BOOT = 2000
DEFAULT_CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    """A point value with its confidence interval."""

    value: float
    low: float
    high: float

    @classmethod
    def from_replicates(cls, value: float, replicates: np.ndarray,
                        confidence: float = DEFAULT_CONFIDENCE) -> Estimate:
        tail = (1.0 - confidence) / 2.0 * 100.0
        low, high = np.percentile(replicates, [tail, 100.0 - tail])
        # A percentile interval need not contain the point value when the
        # replicates are skewed; widen it so the table never looks contradictory.
        return cls(float(value), float(min(low, value)), float(max(high, value)))

    def __format__(self, spec: str) -> str:
        spec = spec or ".3f"
        return f"{self.value:{spec}} [{self.low:{spec}}, {self.high:{spec}}]"


def resampled_means(values, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """`n_boot` means of `values` resampled with replacement."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise ValueError("cannot bootstrap an empty sample")
    index = rng.integers(0, data.size, size=(n_boot, data.size))
    return data[index].mean(axis=1)


def weighted_geomean(values: np.ndarray, weights, axis: int = 0) -> np.ndarray:
    """Weighted geometric mean along `axis` (the benchmarks)."""
    w = np.asarray(weights, dtype=float)
    if w.sum() <= 0:
        raise ValueError("weights must sum to a positive number")
    logs = np.log(np.asarray(values, dtype=float))
    shape = [1] * logs.ndim
    shape[axis] = -1
    return np.exp((logs * w.reshape(shape)).sum(axis=axis) / w.sum())
