"""Stage N against stage N-1 and CPython on pyperformance, side by side in one run.

In each round every benchmark (suites.PYPERFORMANCE_BENCHMARKS, the unmodified
pyperformance files) runs on the engines in turn (CPython, any other CPythons
asked for, tier 0 from stage 2 on, then fivefold at stage N-1, then at stage N;
for stage 0, CPython then tier 0), pyperf's runs
added to one file per (benchmark, engine), so load that changes during the run
falls on all of them. Speeds are CPython's median time divided by the engine's
(above 1: faster than CPython); stage N against stage N-1 is stage N-1's time
divided by stage N's. Summaries are geometric means.
"""

from __future__ import annotations

import datetime
import math
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from fivefold.harness.pyperformance_runs import PyperfOptions, run_round
from fivefold.harness.suites import Benchmark, pyperformance_benchmark

# Tier 0 (stage 0) against CPython: the plan's target for the baseline engine.
TIER0_TARGET = 0.75


@dataclass(frozen=True)
class StageEngine:
    label: str               # in file names and progress lines: cpython, tier0, stage1, ...
    name: str                # in the table: CPython, tier 0, stage 1, ...
    stage: str | None        # FIVEFOLD_STAGE, or None for CPython
    python: str | None = None   # another CPython's executable (None: this one, or the launcher)


def other_cpython(python: str) -> StageEngine:
    """Another CPython (3.12, 3.13: what a user would pick instead), by its executable;
    it needs pyperf importable, as pyperf's workers run it."""
    version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                             capture_output=True, text=True, check=True).stdout.strip()
    return StageEngine(f"cpython{version}", f"CPython {version}", None, python)


def engines_for(stage: int, also: tuple[StageEngine, ...] = ()) -> list[StageEngine]:
    """CPython, any other CPythons, tier 0 (for N >= 2: the floor every stage's
    contract is counted up from), stage N-1 (when N > 0) and stage N; the last two
    are always the pair a stage is judged on."""
    def fivefold(n: int) -> StageEngine:
        return (StageEngine("tier0", "tier 0", "0") if n == 0
                else StageEngine(f"stage{n}", f"stage {n}", str(n)))

    return ([StageEngine("cpython", "CPython", None), *also]
            + ([fivefold(0)] if stage >= 2 else [])
            + ([fivefold(stage - 1)] if stage > 0 else []) + [fivefold(stage)])


@dataclass
class Outcome:
    name: str
    seconds: dict[str, float | None] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def ratio(self, base: str, engine: str) -> float | None:
        a, b = self.seconds.get(base), self.seconds.get(engine)
        return a / b if a and b else None


def run(stage: int, benchmarks: list[Benchmark], out_dir: Path, options: PyperfOptions,
        launcher: str, rounds: int, also: tuple[StageEngine, ...] = ()) -> list[Outcome]:
    """`rounds` passes over the list, every engine in turn for each benchmark, adding runs
    to the same pyperf files: load that changes during the run falls on every engine."""
    engines = engines_for(stage, also)
    base, top = engines[-2], engines[-1]
    out_dir.mkdir(parents=True, exist_ok=True)
    outcomes = {b.name: Outcome(b.name) for b in benchmarks}
    for round_ in range(rounds):
        for bench in benchmarks:
            o = outcomes[bench.name]
            if round_ and o.errors:
                continue
            for engine in engines:
                python = engine.python or (sys.executable if engine.stage is None else launcher)
                o.seconds[engine.label], err = run_round(bench, engine.label, engine.stage, python,
                                                         out_dir, options, round_ == 0)
                if err:
                    o.errors.append(err)
            speed = o.ratio(base.label, top.label)
            print(f"round {round_ + 1}/{rounds} {bench.name:<22} "
                  + "  ".join(f"{e.label} {format_seconds(o.seconds[e.label]):>9}" for e in engines)
                  + (f"  {top.label}/{base.label} {speed:.2f}x" if speed
                     else f"  {'; '.join(o.errors)}"),
                  flush=True)
    return list(outcomes.values())


def all_measured(stage: int, outcomes: list[Outcome]) -> bool:
    base, top = engines_for(stage)[-2:]
    return all(o.ratio(base.label, top.label) for o in outcomes)


def geometric_mean(values: list[float | None]) -> float | None:
    values = [v for v in values if v]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def format_seconds(value: float | None) -> str:
    """3 significant digits in a unit that suits the value (pyperf's style)."""
    if not value:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"


def _x(value: float | None) -> str:
    return f"{value:.2f}x" if value else "-"


def summary(stage: int, outcomes: list[Outcome], also: tuple[StageEngine, ...] = ()) -> str:
    engines = engines_for(stage, also)
    cpython, base, top = engines[0], engines[-2], engines[-1]
    version = platform.python_version()
    measured = sum(1 for o in outcomes if o.ratio(base.label, top.label))
    if stage == 0:
        gm = geometric_mean([o.ratio(cpython.label, top.label) for o in outcomes])
        head = (f"**Geometric mean speed of fivefold tier 0: {gm:.2f}x CPython {version}** over "
                f"{measured} of {len(outcomes)} benchmarks" if gm else "no benchmark measured")
        return (f"{head} (above 1: faster than CPython; target for tier 0: {TIER0_TARGET:g}x or "
                f"more).")
    from fivefold.model.contract import default_contract

    gm = {(a.label, b.label): geometric_mean([o.ratio(a.label, b.label) for o in outcomes])
          for a, b in ((cpython, base), (cpython, top), (base, top))}
    floor = [e for e in engines[1:-2] if e.stage == "0"]
    others = "".join(f"; {top.name} is "
                     f"{_x(geometric_mean([o.ratio(e.label, top.label) for o in outcomes]))} {e.name}"
                     for e in (*also, *floor))
    return (f"**Geometric mean over {measured} of {len(outcomes)} benchmarks: {top.name} is "
            f"{_x(gm[(base.label, top.label)])} {base.name} "
            f"(target {default_contract(stage).target:g}x) and "
            f"{_x(gm[(cpython.label, top.label)])} CPython {version} "
            f"(target: above 1); {base.name} is {_x(gm[(cpython.label, base.label)])} CPython{others}.**")


def table(stage: int, outcomes: list[Outcome], command: str, options: PyperfOptions,
          also: tuple[StageEngine, ...] = ()) -> str:
    """The markdown report: the summary, one row per benchmark, how it was measured."""
    import pandas as pd

    engines = engines_for(stage, also)
    cpython, base, top = engines[0], engines[-2], engines[-1]
    rows = []
    for o in outcomes:
        bench = pyperformance_benchmark(o.name)
        notes = []
        if bench.accelerate:
            notes.append("also compiled: " + ", ".join(bench.accelerate))
        if bench.notes:
            notes.append(bench.notes)
        notes += o.errors
        row = {"benchmark": o.name}
        row.update({e.name: format_seconds(o.seconds.get(e.label)) for e in engines})
        row.update({f"{e.name} vs CPython": _x(o.ratio(cpython.label, e.label))
                    for e in engines[1:]})
        if stage > 0:
            row[f"{top.name} vs {base.name}"] = _x(o.ratio(base.label, top.label))
        row["notes"] = "; ".join(notes)
        rows.append(row)
    text = pd.DataFrame(rows).to_markdown(index=False)
    names = [e.name for e in engines]
    return (f"{summary(stage, outcomes, also)}\n\n{text}\n\n"
            f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on "
            f"{platform.machine()}, {os.cpu_count()} cores (load average at the end: "
            f"{os.getloadavg()[0]:.1f}; the machine is shared, ratios move by 10-30% from run "
            f"to run), Python {platform.python_version()}; "
            f"pyperf {' '.join(options.args()) or '(defaults)'} per round; in each round every "
            f"benchmark runs on {', '.join(names[:-1])} and {names[-1]} in turn; times are "
            f"medians of all values. Command:\n\n    {command}\n")
