"""The instruction-count metric (cachegrind): exact enough for small gains."""

import shutil
from pathlib import Path

import pytest

from fivefold.harness import engines, metrics
from fivefold.harness.suites import Entry

pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None,
                                reason="valgrind not installed (apt-get install valgrind)")


def test_two_runs_agree_within_a_thousandth(tmp_path):
    # A tiny script whose one loop is a few million instructions: the counts
    # have an absolute noise of a few thousand (directory listings of the import
    # system, thread hand-offs), so 0.1% needs a loop at least that big.
    script = tmp_path / "tiny_loop.py"
    script.write_text("import pyperf\n\ndef tiny_loop():\n    total = 0\n"
                      "    for i in range(20000):\n        total += i\n    return total\n\n"
                      "pyperf.Runner().bench_func('tiny_loop', tiny_loop)\n")
    engine = engines.resolve("cpython")
    metric = metrics.METRICS["instructions"]
    (bench,) = metric.measure(engine, Entry("tiny_loop", script), metrics.RunOptions(repeat=2), tmp_path / "log")
    assert bench.get_name() == "tiny_loop" and bench.get_unit() == "integer"
    a, b = bench.get_values()
    assert abs(a - b) / max(a, b) < 0.001, (a, b)
    # One loop of 20000 additions, without the start-up: millions, not the
    # hundreds of millions a whole process takes.
    assert 1_000_000 < a < 50_000_000


def test_a_script_with_several_benchmarks_yields_each(tmp_path):
    script = tmp_path / "two.py"
    script.write_text("import pyperf\nr = pyperf.Runner()\n"
                      "r.bench_func('first', sum, range(10000))\n"
                      "r.bench_func('second', sum, range(20000))\n")
    found = metrics.METRICS["instructions"].measure(engines.resolve("cpython"), Entry("two", script),
                                                    metrics.RunOptions(repeat=1), tmp_path / "log")
    assert [b.get_name() for b in found] == ["first", "second"]
    # Twice the work counts about twice the instructions.
    assert 1.7 < found[1].get_values()[0] / found[0].get_values()[0] < 2.3


def test_a_cold_cache_does_not_reach_the_count(tmp_path, monkeypatch):
    # fivefold compiles the script on first use and caches it: were the 1-loop
    # run the first, it alone would pay the compilation (a negative loop count
    # was measured so). The metric runs the script once, uncounted, first.
    engine = engines.resolve("fivefold:stage=1")
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path / "pycache"))
    script = tmp_path / "cold_loop.py"
    # Enough source that compiling it costs more than one loop runs.
    filler = "".join(f"def unused_{i}(a, b):\n    return [a + b * {i} for _ in range(3)]\n\n"
                     for i in range(40))
    script.write_text("import pyperf\n\n" + filler + "def cold_loop():\n    total = 0\n"
                      "    for i in range(2000):\n        total += i\n    return total\n\n"
                      "pyperf.Runner().bench_func('cold_loop', cold_loop)\n")
    metric = metrics.METRICS["instructions"]
    (cold,) = metric.measure(engine, Entry("cold_loop", script), metrics.RunOptions(repeat=1), tmp_path / "log")
    assert any((tmp_path / "cache").rglob("*.pyc")), "the program cache was not written"
    (warm,) = metric.measure(engine, Entry("cold_loop", script), metrics.RunOptions(repeat=1), tmp_path / "log")
    a, b = cold.get_values()[0], warm.get_values()[0]
    assert abs(a - b) / max(a, b) < 0.01, (a, b)
