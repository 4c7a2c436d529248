"""pyperformance's benchmarks through pyperf, manager and workers on one engine.

`pyperf_command` builds the command line that runs a benchmark (its unmodified
file, suites.PYPERFORMANCE_BENCHMARKS) through pyperf with its worker processes
on a given Python executable: CPython, or the `fivefold-python` launcher, which
sets `sys.executable` to itself so that pyperf's workers run on fivefold too.
`run_round` runs one round of it on an engine, adding to the same pyperf file
round after round; `median_time` reads the file back.
"""

from __future__ import annotations

import math
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from fivefold.harness.suites import Benchmark, pyperformance_script

# Environment variables pyperf must pass on to its workers (it drops the rest).
FIVEFOLD_ENVIRON = ("FIVEFOLD_STAGE", "FIVEFOLD_WITH", "FIVEFOLD_WITHOUT", "FIVEFOLD_ACCELERATE")


@dataclass
class PyperfOptions:
    """How much pyperf measures (its defaults when empty)."""

    fast: bool = False
    processes: int | None = None
    values: int | None = None
    warmups: int | None = None
    loops: int | None = None
    extra: list[str] = field(default_factory=list)

    def args(self) -> list[str]:
        out = ["--fast"] if self.fast else []
        for flag, value in (("--processes", self.processes), ("--values", self.values),
                            ("--warmups", self.warmups), ("--loops", self.loops)):
            if value is not None:
                out.append(f"{flag}={value}")
        return out + list(self.extra)


def pyperf_command(bench: Benchmark, python: str, output: str | os.PathLike,
                   options: PyperfOptions | None = None,
                   accelerate: bool = False) -> tuple[list[str], dict]:
    """The command (and environment additions) that runs `bench` through pyperf, manager
    and workers on `python` (pyperf's workers run `sys.executable`, which the fivefold
    launcher sets to itself). `accelerate` also compiles the benchmark's stdlib modules."""
    options = options or PyperfOptions()
    env = {}
    if accelerate and bench.accelerate:
        env["FIVEFOLD_ACCELERATE"] = ",".join(bench.accelerate)
    cmd = [python, str(pyperformance_script(bench)), *bench.extra_args,
           f"--python={python}",
           "--inherit-environ=" + ",".join(FIVEFOLD_ENVIRON),
           "--quiet", f"--output={output}", *options.args()]
    return cmd, env


def median_time(path: Path) -> float:
    """Geometric mean over the benchmarks in pyperf's file of each one's median time (the
    median: this shared machine's load comes in bursts that inflate a few values). A
    benchmark that pyperf runs as several (scimark_*, logging_*, deepcopy_*) counts once."""
    import pyperf

    suite = pyperf.BenchmarkSuite.load(str(path))
    medians = [b.median() for b in suite.get_benchmarks()]
    return math.exp(sum(math.log(m) for m in medians) / len(medians))


def run_round(bench: Benchmark, label: str, stage: str | None, python: str, out_dir: Path,
              options: PyperfOptions, first_round: bool) -> tuple[float | None, str]:
    """One round of `bench` on one engine: CPython (`stage` None) or fivefold at `stage`
    through the launcher `python`, its benchmark's stdlib modules compiled by fivefold
    too. The first round starts `out_dir/<bench>.<label>.json`, later ones add their
    runs to it. Returns the median time so far, or None and why it failed."""
    output = out_dir / f"{bench.name}.{label}.json"
    if first_round and output.exists():
        output.unlink()
    cmd, extra_env = pyperf_command(bench, python, output, options, accelerate=stage is not None)
    if not first_round:
        # Later rounds add their runs to the same file.
        cmd = [("--append=" + str(output)) if a == f"--output={output}" else a for a in cmd]
    env = dict(os.environ)
    for name in FIVEFOLD_ENVIRON:
        env.pop(name, None)
    env.update(extra_env)
    if stage is not None:
        env["FIVEFOLD_STAGE"] = stage
    log = out_dir / f"{bench.name}.{label}.log"
    with open(log, "w" if first_round else "a") as f:
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    if proc.returncode != 0 or not output.exists():
        tail = log.read_text().strip().splitlines()[-1:] or ["no output"]
        return None, f"{label}: exit {proc.returncode}: {tail[0][:200]}"
    return median_time(output), ""
