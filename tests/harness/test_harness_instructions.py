"""The instruction-count metric (cachegrind): exact enough for small gains."""

import shutil
from pathlib import Path

import pytest

from fivefold.harness import engines, metrics
from fivefold.harness.suites import Entry

from harness_helpers import write_tiny_suite

pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None,
                                reason="valgrind not installed (apt-get install valgrind)")


def test_two_runs_agree_within_a_thousandth(tmp_path):
    folder = write_tiny_suite(tmp_path / "s", names=("tiny_a", "tiny_big"))
    engine = engines.resolve("cpython")
    metric = metrics.METRICS["instructions"]
    options = metrics.RunOptions(repeat=2)
    small = metric.measure(engine, Entry("tiny_a", folder / "tiny_a.py"), options, tmp_path / "log")
    (bench,) = small
    assert bench.get_name() == "tiny_a" and bench.get_unit() == "integer"
    a, b = bench.get_values()
    assert abs(a - b) / max(a, b) < 0.001, (a, b)
    # One loop of 200 additions, without the start-up: tens of thousands, not
    # the hundreds of millions a whole process takes.
    assert 5_000 < a < 2_000_000
    # Twice the work counts about twice the instructions.
    (big,) = metric.measure(engine, Entry("tiny_big", folder / "tiny_big.py"),
                            metrics.RunOptions(repeat=1), tmp_path / "log")
    assert 1.5 < big.get_values()[0] / a < 2.5


def test_a_script_with_several_benchmarks_yields_each(tmp_path):
    script = tmp_path / "two.py"
    script.write_text("import pyperf\nr = pyperf.Runner()\n"
                      "r.bench_func('first', sum, range(100))\n"
                      "r.bench_func('second', sum, range(1000))\n")
    found = metrics.METRICS["instructions"].measure(engines.resolve("cpython"), Entry("two", script),
                                                    metrics.RunOptions(repeat=1), tmp_path / "log")
    assert [b.get_name() for b in found] == ["first", "second"]
    assert found[1].get_values()[0] > found[0].get_values()[0]
