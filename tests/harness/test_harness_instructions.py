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


WARMING = """import pyperf

calls = 0

def step():
    global calls
    calls += 1
    total = 0
    # The first WARM calls do a hundred times the work of the later ones, as an
    # interpreter still specializing does more than a warm one.
    for i in range(20000 if calls <= WARM else 200):
        total += i
    return total

pyperf.Runner().bench_func('step', step)
"""


def test_a_small_loop_is_counted_warm(tmp_path):
    # A loop far below WARM_BATCH is counted again in a batch of many loops, so
    # the count is of the warm loop; the 1-and-2-loop count alone would be the
    # second (cold) loop's, a hundred times more.
    metric = metrics.METRICS["instructions"]
    engine = engines.resolve("cpython")
    found = {}
    for warm in (0, 3):
        script = tmp_path / f"warming_{warm}.py"
        script.write_text(WARMING.replace("WARM", str(warm), 2))
        (found[warm],) = metric.measure(engine, Entry(f"warming_{warm}", script),
                                        metrics.RunOptions(repeat=1), tmp_path / "log")
    steady, warming = found[0].get_values()[0], found[3].get_values()[0]
    assert abs(steady - warming) / steady < 0.02, (steady, warming)
    assert found[3].get_metadata()["fivefold_count_loops"] > 2


def test_warm_loops_is_the_power_of_two_that_fills_the_batch():
    assert metrics.warm_loops(metrics.WARM_BATCH) == 1
    assert metrics.warm_loops(metrics.WARM_BATCH * 3) == 1
    # A loop just below the batch still runs WARM_LOOPS times (each of its
    # instructions must have run often enough to be specialized).
    assert metrics.warm_loops(metrics.WARM_BATCH - 1) == metrics.WARM_LOOPS == 128
    assert metrics.warm_loops(metrics.WARM_BATCH // 128) == 128
    assert metrics.warm_loops(metrics.WARM_BATCH // 128 - 1) == 256
    assert metrics.warm_loops(15_000) == 2048
    assert metrics.warm_loops(0) == 2 ** 25
