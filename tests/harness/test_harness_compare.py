"""The comparison: ratios, bootstrap intervals, weighted geometric mean, and
the interleaved order of a run."""

import math

import numpy as np
import pyperf
import pytest

from fivefold.harness import compare, runner
from fivefold.harness.store import Key, Store
from fivefold.harness.suites import Entry, Suite


def store_with(tmp_path, data):
    """data: {(engine, benchmark): (values, weight)}"""
    store = Store(tmp_path)
    for (engine, bench), (values, weight) in data.items():
        run = pyperf.Run(values, metadata={"name": bench, "unit": "second"}, collect_metadata=False)
        b = pyperf.Benchmark([run])
        b.update_metadata({"fivefold_engine": engine, "fivefold_benchmark": bench,
                           "fivefold_weight": str(weight), "fivefold_metric": "time"})
        store.write(Key("m", "c", engine, "s", bench, "time"), b)
    return store


def test_ratios_intervals_and_weighted_geometric_mean(tmp_path):
    rng = np.random.default_rng(1)
    noisy = lambda mean: list(mean * (1 + 0.01 * rng.standard_normal(20)))  # noqa: E731
    store = store_with(tmp_path, {
        ("base", "x"): (noisy(1.0), 1.0), ("fast", "x"): (noisy(0.5), 1.0),      # 2x faster
        ("base", "y"): (noisy(1.0), 3.0), ("fast", "y"): (noisy(1.0), 3.0),      # the same
    })
    table, geo = compare.compare(store, store.index(), ["base", "fast"])
    x = table.set_index("benchmark").loc["x"]
    assert x.ratio == pytest.approx(2.0, rel=0.02) and x.ci_low < x.ratio < x.ci_high
    assert x.ci_low > 1.9 and x.ci_high < 2.1 and x.significant
    y = table.set_index("benchmark").loc["y"]
    assert y.ratio == pytest.approx(1.0, rel=0.02) and y.ci_low < 1.0 < y.ci_high
    assert not y.significant  # Welch's t-test sees no difference
    # Weighted: (log 2 * 1 + log 1 * 3) / 4.
    (g,) = geo.itertuples()
    assert g.geometric_mean == pytest.approx(math.exp(math.log(2) / 4), rel=0.02)
    assert g.ci_low < g.geometric_mean < g.ci_high


def test_engines_run_interleaved():
    class Metric:
        def entries(self, entries, engine):
            return entries

    class E:
        def __init__(self, name):
            self.name = name

    a, b = E("A"), E("B")
    suite = Suite("s", None, [Entry("one", None), Entry("two", None)])
    order = [(e.name, x.name) for e, x in runner.plan([a, b], suite, Metric())]
    assert order == [("A", "one"), ("B", "one"), ("A", "two"), ("B", "two")]


def test_significance_with_unequal_sizes_constant_samples_and_one_value():
    rng = np.random.default_rng(2)
    base = 1.0 + 0.01 * rng.standard_normal(20)
    assert compare.significance(base, 0.5 + 0.01 * rng.standard_normal(7))[0] is True
    assert compare.significance(base, 1.0 + 0.01 * rng.standard_normal(7))[0] is False
    # Instruction counts repeat exactly: equal constants are the same, others differ.
    assert compare.significance(np.array([5.0, 5.0]), np.array([5.0, 5.0, 5.0])) == (False, None)
    assert compare.significance(np.array([5.0, 5.0]), np.array([6.0, 6.0])) == (True, None)
    assert compare.significance(np.array([5.0]), np.array([6.0, 6.0])) == (None, None)
