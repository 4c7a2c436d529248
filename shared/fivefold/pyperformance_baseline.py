"""The baseline benchmark: pyperformance on CPython and on fivefold tier 0, side by side.

    python -m fivefold.pyperformance_baseline [--out results/baseline] [--write-docs]
        [--rounds N] [--processes N] [--values N] [--only NAME,NAME]

For each benchmark of pyperformance_suite.BENCHMARKS, in one run (and in each of
`--rounds` passes, whose runs are added to the same pyperf files), pyperf measures
the unmodified benchmark file twice in turn: on this CPython (pyperf's manager
and workers on `sys.executable`), then on fivefold at stage 0 (manager and
workers on the `fivefold-python` launcher, FIVEFOLD_STAGE=0 passed to the
workers, and the benchmark's stdlib modules compiled by fivefold too, see
`Benchmark.accelerate`). A benchmark that pyperf runs as several (scimark_*,
logging_*, deepcopy_*) counts once, by the geometric mean of its parts.

Speed is CPython's median time divided by fivefold's (above 1: fivefold is
faster); the summary is the geometric mean over benchmarks. `--write-docs`
writes the table to docs/baseline.md and into stage1/README.md between
marker lines. pyperf's JSON files stay in the output folder
(`python -m pyperf compare_to` reads them).
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from fivefold import pyperformance_suite as suite

MARK_BEGIN = "<!-- baseline table: begin (written by python -m fivefold.pyperformance_baseline) -->"
MARK_END = "<!-- baseline table: end -->"


@dataclass
class Outcome:
    name: str
    cpython_s: float | None = None
    fivefold_s: float | None = None
    error: str = ""

    @property
    def speed(self) -> float | None:
        if self.cpython_s and self.fivefold_s:
            return self.cpython_s / self.fivefold_s
        return None


def median_time(path: Path) -> float:
    """Geometric mean over the benchmarks in pyperf's file of each one's median time (the
    median: this shared machine's load comes in bursts that inflate a few values)."""
    import pyperf

    suite_ = pyperf.BenchmarkSuite.load(str(path))
    medians = [b.median() for b in suite_.get_benchmarks()]
    return math.exp(sum(math.log(m) for m in medians) / len(medians))


def _run_one(bench: suite.Benchmark, engine: str, python: str, out_dir: Path,
             options: suite.PyperfOptions, first_round: bool) -> tuple[float | None, str]:
    output = out_dir / f"{bench.name}.{engine}.json"
    if first_round and output.exists():
        output.unlink()
    cmd, extra_env = suite.pyperf_command(bench, python, output, options,
                                          accelerate=(engine == "fivefold"))
    if not first_round:
        # Later rounds add their runs to the same file.
        cmd = [("--append=" + str(output)) if a == f"--output={output}" else a for a in cmd]
    env = dict(os.environ)
    env.pop("FIVEFOLD_ACCELERATE", None)
    env.update(extra_env)
    if engine == "fivefold":
        env["FIVEFOLD_STAGE"] = "0"
    log = out_dir / f"{bench.name}.{engine}.log"
    with open(log, "w" if first_round else "a") as f:
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    if proc.returncode != 0 or not output.exists():
        tail = log.read_text().strip().splitlines()[-1:] or ["no output"]
        return None, f"{engine}: exit {proc.returncode}: {tail[0][:200]}"
    return median_time(output), ""


def run(benchmarks: list[suite.Benchmark], out_dir: Path, options: suite.PyperfOptions,
        launcher: str, rounds: int = 1) -> list[Outcome]:
    """`rounds` passes over the list, CPython then fivefold for each benchmark, adding
    runs to the same pyperf files: load that changes during the run falls on both."""
    out_dir.mkdir(parents=True, exist_ok=True)
    outcomes = {b.name: Outcome(b.name) for b in benchmarks}
    for round_ in range(rounds):
        for bench in benchmarks:
            outcome = outcomes[bench.name]
            if round_ and outcome.error:
                continue
            outcome.cpython_s, err1 = _run_one(bench, "cpython", sys.executable, out_dir,
                                               options, round_ == 0)
            outcome.fivefold_s, err2 = _run_one(bench, "fivefold", launcher, out_dir, options,
                                                round_ == 0)
            outcome.error = "; ".join(e for e in (err1, err2) if e)
            speed = f"{outcome.speed:.2f}x" if outcome.speed else outcome.error
            print(f"round {round_ + 1}/{rounds} {bench.name:<22} "
                  f"cpython {format_seconds(outcome.cpython_s):>9}  "
                  f"fivefold {format_seconds(outcome.fivefold_s):>9}  {speed}", flush=True)
    return list(outcomes.values())


def geometric_mean(values: list[float]) -> float | None:
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


def table(outcomes: list[Outcome], command: str, options: suite.PyperfOptions) -> str:
    """The markdown report: one row per benchmark, then the geometric mean."""
    import pandas as pd

    rows = []
    for o in outcomes:
        bench = suite.get(o.name)
        notes = []
        if bench.accelerate:
            notes.append("also compiled: " + ", ".join(bench.accelerate))
        if bench.notes:
            notes.append(bench.notes)
        if o.error:
            notes.append(o.error)
        rows.append({
            "benchmark": o.name,
            "CPython": format_seconds(o.cpython_s),
            "fivefold tier 0": format_seconds(o.fivefold_s),
            "speed vs CPython": f"{o.speed:.2f}x" if o.speed else "failed",
            "notes": "; ".join(notes),
        })
    gm = geometric_mean([o.speed for o in outcomes])
    measured = sum(1 for o in outcomes if o.speed)
    text = pd.DataFrame(rows).to_markdown(index=False)
    summary = (f"**Geometric mean speed of fivefold tier 0: "
               f"{gm:.2f}x CPython {platform.python_version()}** over {measured} of "
               f"{len(outcomes)} benchmarks" if gm else "no benchmark measured")
    return (f"{summary} (above 1: faster than CPython; target for tier 0: 0.75x or more).\n\n"
            f"{text}\n\n"
            f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on "
            f"{platform.machine()}, {os.cpu_count()} cores (load average at the end: "
            f"{os.getloadavg()[0]:.1f}: the machine is shared, ratios move by 10-30% from run "
            f"to run), Python {platform.python_version()}; "
            f"pyperf {' '.join(options.args()) or '(defaults)'} per round; in each round every "
            f"benchmark runs on CPython then on fivefold; times are medians of all values. "
            f"Command:\n\n    {command}\n")


def write_docs(root: Path, report: str) -> None:
    doc = root / "docs" / "baseline.md"
    doc.write_text(
        "# Baseline: pyperformance on fivefold tier 0 vs CPython\n\n"
        "Written by `python -m fivefold.pyperformance_baseline --write-docs` "
        "(`nox -s baseline`). The benchmarks are pyperformance's own files, run through "
        "pyperf with worker processes on the `fivefold-python` launcher "
        "(shared/pyperformance_suite.py); their results are checked against CPython's by "
        "tests/realprograms/test_pyperformance.py. Numbers from a loaded shared machine are "
        "rough: compare ratios, not absolute times. Where the time goes: "
        "docs/baseline-profile.md.\n\n" + report)
    readme = root / "stage1" / "README.md"
    text = readme.read_text()
    block = f"{MARK_BEGIN}\n## Baseline (tier 0, before stage 1)\n\n{report}{MARK_END}\n"
    if MARK_BEGIN in text and MARK_END in text:
        start = text.index(MARK_BEGIN)
        end = text.index(MARK_END) + len(MARK_END) + 1
        text = text[:start] + block + text[end:]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    readme.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivefold.pyperformance_baseline",
                                     description="pyperformance on CPython and fivefold tier 0")
    parser.add_argument("--out", default="results/baseline", help="folder for pyperf's files")
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--processes", type=int, default=2, help="pyperf processes per round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="passes over the list, each adding runs (default 3)")
    parser.add_argument("--values", type=int, default=3)
    parser.add_argument("--warmups", type=int, default=1)
    parser.add_argument("--write-docs", action="store_true",
                        help="write docs/baseline.md and the table in stage1/README.md")
    parser.add_argument("--root", default=".", help="the repository (for --write-docs)")
    args = parser.parse_args(argv)
    from fivefold.runtime.executable import find_launcher

    launcher = find_launcher()
    if launcher is None:
        parser.error("the fivefold-python launcher is not installed (pip install fivefold)")
    try:
        benchmarks = ([suite.get(n.strip()) for n in args.only.split(",") if n.strip()]
                      or suite.BENCHMARKS)
    except KeyError as e:
        parser.error(str(e.args[0]))
    options = suite.PyperfOptions(processes=args.processes, values=args.values,
                                  warmups=args.warmups)
    outcomes = run(benchmarks, Path(args.out), options, launcher, args.rounds)
    command = "python -m fivefold.pyperformance_baseline " + " ".join(
        argv if argv is not None else sys.argv[1:])
    report = table(outcomes, command, options)
    print(report)
    (Path(args.out) / "baseline.md").write_text(report)
    if args.write_docs:
        write_docs(Path(args.root), report)
    return 0 if all(o.speed for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
