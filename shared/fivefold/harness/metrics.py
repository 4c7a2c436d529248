"""Metrics: what a measurement of one suite entry on one engine yields.

A metric turns (engine, entry, options) into pyperf Benchmarks whose values are
in its unit. Metrics that time scripts run them with pyperf itself (the harness's
interpreter is pyperf's main process; `--python ENGINE` makes the workers run on
the engine), so pyperformance's files run unmodified.

    time          seconds per loop (pyperf)
    memory        peak memory per worker, bytes (pyperf --track-memory: private
                  bytes from /proc/self/smaps, sampled every 10 ms)
    startup       seconds to run `ENGINE -c pass` (pyperf command), and for
                  fivefold engines `ENGINE -c "import fivefold._fivefold"` and
                  `fivefold run -c pass` (the `fivefold` command beside the engine)
    instructions  instructions per loop (cachegrind, no cache simulation)
    qemu-instructions  guest arm64 instructions per loop under qemu (the
                  `fivefold-aarch64` engine's only metric: insncount plugin)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pyperf

from fivefold.harness.counters import COUNTERS, Counter, deterministic_env
from fivefold.harness.suites import Entry


HOOK_DIR = Path(__file__).parent / "count_hook"


class MeasureError(Exception):
    pass


@dataclass
class RunOptions:
    """pyperf's process/value/warm-up options, exposed as they are."""

    fast: bool = False
    rigorous: bool = False
    processes: int | None = None
    values: int | None = None
    warmups: int | None = None
    loops: int | None = None
    min_time: float | None = None
    repeat: int | None = None       # instruction counts: how many measurements (default 2, fast 1)

    def pyperf_args(self) -> list[str]:
        args = []
        if self.fast:
            args.append("--fast")
        if self.rigorous:
            args.append("--rigorous")
        for flag, value in (("--processes", self.processes), ("--values", self.values),
                            ("--warmups", self.warmups), ("--loops", self.loops),
                            ("--min-time", self.min_time)):
            if value is not None:
                args += [flag, str(value)]
        return args


class Metric:
    name: str = ""
    unit: str = ""            # pyperf unit metadata: second, byte, integer

    def suite_name(self, suite_name: str) -> str:
        return suite_name

    def entries(self, entries: list[Entry], engine) -> list[Entry]:
        return entries

    def check(self) -> None:
        """Raise MeasureError when the metric cannot run here."""

    def measure(self, engine, entry: Entry, options: RunOptions, log: Path) -> list[pyperf.Benchmark]:
        raise NotImplementedError


def _run_logged(cmd: list[str], log: Path, cwd: Path | None, what: str, env=None) -> None:
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a") as f:
        f.write(f"$ {subprocess.list2cmdline(cmd)}\n")
        f.flush()
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=cwd, env=env)
    if proc.returncode != 0:
        tail = log.read_text(errors="replace")[-2500:]
        raise MeasureError(f"{what} failed (exit {proc.returncode}); log {log}:\n{tail}")


def _load(path: Path, what: str) -> list[pyperf.Benchmark]:
    if not path.is_file():
        raise MeasureError(f"{what} wrote no results")
    return pyperf.BenchmarkSuite.load(str(path)).get_benchmarks()


class PyperfScriptMetric(Metric):
    """Runs the entry's pyperf script with workers on the engine."""

    extra: tuple[str, ...] = ()

    def measure(self, engine, entry, options, log):
        with tempfile.TemporaryDirectory(prefix="fivefold-bench-") as tmp:
            out = Path(tmp) / "out.json"
            # Workers run on the engine through pyperf's --python; a JIT engine
            # (PyPy) runs pyperf's manager as well, as pyperf only applies its
            # JIT warm-up handling when the manager itself has the JIT.
            manager = [str(engine.python)] if engine.jit else [sys.executable]
            python = [] if engine.jit else ["--python", str(engine.python)]
            cmd = [*manager, str(entry.script), *python,
                   "--output", str(out), *self.extra, *options.pyperf_args(), *entry.args]
            what = f"{entry.name} on {engine.name}"
            _run_logged(cmd, log, entry.script.parent, what)
            return _load(out, what)


class TimeMetric(PyperfScriptMetric):
    name, unit = "time", "second"


class MemoryMetric(PyperfScriptMetric):
    name, unit = "memory", "byte"
    extra = ("--track-memory",)


class StartupMetric(Metric):
    """Start-up of the engine itself, not of a suite's scripts: stored under the
    suite 'startup' whatever suite was asked for."""

    name, unit = "startup", "second"

    def suite_name(self, suite_name):
        return "startup"

    def entries(self, entries, engine):
        wanted = [Entry("startup_pass", Path("-c"), ("-c", "pass"))]
        if engine.kind.startswith("fivefold"):
            wanted.append(Entry("startup_import_engine", Path("-c"), ("-c", "import fivefold._fivefold")))
            # The command users type; its args go to the `fivefold` beside the engine's python.
            wanted.append(Entry("startup_run_pass", Path("-c"), ("run", "-c", "pass")))
        return wanted

    def measure(self, engine, entry, options, log):
        program = engine.python
        if entry.name == "startup_run_pass":
            program = engine.python.parent / "fivefold"  # written beside it by write_wrapper
        with tempfile.TemporaryDirectory(prefix="fivefold-startup-") as tmp:
            out = Path(tmp) / "out.json"
            cmd = [sys.executable, "-m", "pyperf", "command", "--name", entry.name, "--output", str(out),
                   *options.pyperf_args(), "--", str(program), *entry.args]
            what = f"{entry.name} on {engine.name}"
            _run_logged(cmd, log, None, what)
            return _load(out, what)


# The fewest instructions the counted batch of loops must hold. Both CPython 3.11
# and fivefold specialize an instruction only after it has run a number of times
# (and back off after misses), so a benchmark whose loop is small is still warming
# up in its second loop: logging's `silent` (about 15 thousand instructions a loop)
# counted at 1 and 2 loops was 18.4k on stage 2 and 15.5k on CPython 3.11, at 10
# and 20 loops 13.9k and 14.1k (tools/icb, 2026-12-07). pyperf's wall time, which
# the plan is judged by, is taken warm; so is this count, from a batch this long.
WARM_BATCH = 20_000_000
# ... and, for such a small loop, from no fewer loops than this: an instruction
# that runs once a loop is specialized only after tens of runs (unpack_sequence's
# 400 unpackings a loop, on CPython 3.11: 0.743M instructions a loop counted at 1
# and 2 loops, 0.469M at 32/64, 0.300M at 64/128, 0.225M at 128/256).
WARM_LOOPS = 128


def warm_loops(per_loop: int) -> int:
    """The loops of the counted batch for a loop of `per_loop` instructions: 1
    when one loop is at least WARM_BATCH, else the power of two that makes the
    batch that long, and at least WARM_LOOPS (a power of two so that engines of
    similar speed run the same number of loops)."""
    if per_loop >= WARM_BATCH:
        return 1
    loops = WARM_LOOPS
    while loops * max(per_loop, 1) < WARM_BATCH:
        loops *= 2
    return loops


@dataclass
class InstructionMetric(Metric):
    """Instructions of one loop of each benchmark of a script.

    The script runs as the engine's main program with pyperf's Runner replaced
    by a counting one (count_hook/sitecustomize.py: the selected worker task's
    function, N loops, no timing, metadata or JSON), once with N loops and once
    with 2N, under the counter; the difference over N is one loop's work
    without the start-up and imports around it. N is 1 for a loop of at least
    WARM_BATCH instructions; a smaller loop is counted again at the power of two
    that makes N loops that long and no fewer than WARM_LOOPS (warm_loops), so
    that the second batch is run warm. The benchmarks of a multi-benchmark script are worker tasks 0, 1, ...
    until one runs nothing.
    """

    name: str = "instructions"
    counter: Counter = COUNTERS["cachegrind"]
    unit: str = "integer"

    def check(self):
        why = self.counter.available()
        if why:
            raise MeasureError(f"metric {self.name}: {why}")

    def _command(self, engine, entry, task, loops, tmp):
        out = Path(tmp) / "name.txt"
        out.unlink(missing_ok=True)
        env = deterministic_env()
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HOOK_DIR), env.get("PYTHONPATH", "")]))
        env.update(FIVEFOLD_COUNT_LOOPS=str(loops), FIVEFOLD_COUNT_OUT=str(out))
        cmd = [str(engine.python), str(entry.script), "--worker", "--worker-task", str(task),
               "--loops", str(loops), *entry.args]
        return cmd, env, out

    def _count(self, engine, entry, task, loops, tmp):
        cmd, env, out = self._command(engine, entry, task, loops, tmp)
        count = self.counter.count(cmd, env, cwd=entry.script.parent)
        return (out.read_text() if out.is_file() else None), count

    def _warm(self, engine, entry, task, tmp):
        """One uncounted run first. fivefold compiles the script (and, with
        accelerate=, the modules it imports) on first use and caches the result:
        with a cold, writable cache the 1-loop run would pay the compilation and
        the 2-loop run would not (a float loop measured -542.7M instructions so),
        while with PYTHONDONTWRITEBYTECODE both pay it. Warm, both load alike."""
        cmd, env, _ = self._command(engine, entry, task, 1, tmp)
        subprocess.run(cmd, env=env, cwd=entry.script.parent, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=3600)

    def _per_loop(self, engine, entry, task, loops, tmp):
        """(name, instructions of one loop) from runs of `loops` and 2x`loops`
        loops; (None, None) when the task runs no benchmark."""
        name, one = self._count(engine, entry, task, loops, tmp)
        if name is None:
            return None, None
        _, two = self._count(engine, entry, task, 2 * loops, tmp)
        if two <= one:
            raise MeasureError(f"{entry.name} task {task} on {engine.name}: {2 * loops} loops took "
                               f"no more instructions than {loops} ({two} <= {one})")
        return name, round((two - one) / loops)

    def measure(self, engine, entry, options, log):
        repeat = options.repeat or (1 if options.fast else 2)
        benchmarks = []
        with tempfile.TemporaryDirectory(prefix="fivefold-count-") as tmp:
            for task in range(1000):
                values = []
                self._warm(engine, entry, task, tmp)
                name, first = self._per_loop(engine, entry, task, 1, tmp)
                if name is None:
                    break
                loops = warm_loops(first)
                if loops == 1:
                    values.append(first)
                while len(values) < repeat:
                    values.append(self._per_loop(engine, entry, task, loops, tmp)[1])
                log.parent.mkdir(parents=True, exist_ok=True)
                with open(log, "a") as f:
                    f.write(f"{name}: {values} instructions per loop ({self.counter.name}, "
                            f"{loops} and {2 * loops} loops)\n")
                run = pyperf.Run(values, metadata={"name": name, "unit": "integer", "loops": 1,
                                                   "fivefold_counter": self.counter.name,
                                                   "fivefold_count_loops": loops},
                                 collect_metadata=False)
                benchmarks.append(pyperf.Benchmark([run]))
        if not benchmarks:
            raise MeasureError(f"{entry.name} on {engine.name}: the script ran no benchmark")
        return benchmarks


METRICS: dict[str, Metric] = {
    "time": TimeMetric(),
    "memory": MemoryMetric(),
    "startup": StartupMetric(),
    "instructions": InstructionMetric(),
    "qemu-instructions": InstructionMetric(name="qemu-instructions", counter=COUNTERS["qemu-plugin"]),
}


def get_metric(name: str) -> Metric:
    try:
        return METRICS[name]
    except KeyError:
        raise MeasureError(f"unknown metric {name!r}; known: {', '.join(METRICS)}") from None
