"""Stage 1's measurement (a benchmark, not a test): pyperformance on CPython, on
fivefold tier 0 and on fivefold stage 1, side by side in one run.

    python -m fivefold.stage1.measure [--out results/stage1] [--rounds N]
        [--processes N] [--values N] [--warmups N] [--only NAME,...] [--write-docs]

In each round every benchmark (the list of shared/pyperformance_suite.py, the
unmodified pyperformance files) runs on the three engines in turn, pyperf's
runs added to one file per (benchmark, engine), so load that changes during
the run falls on all three. Speeds are CPython's median time divided by the
engine's (above 1: faster than CPython); stage 1 against tier 0 is tier 0's
time divided by stage 1's. Summaries are geometric means. --write-docs puts
the table into stage1/README.md between marker lines.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from fivefold import pyperformance_suite as suite
from fivefold.pyperformance_baseline import format_seconds, geometric_mean, median_time

MARK_BEGIN = "<!-- stage 1 table: begin (written by python -m fivefold.stage1.measure) -->"
MARK_END = "<!-- stage 1 table: end -->"

# (label, FIVEFOLD_STAGE or None for CPython)
ENGINES = (("cpython", None), ("tier0", "0"), ("stage1", "1"))


@dataclass
class Outcome:
    name: str
    seconds: dict[str, float | None] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def ratio(self, base: str, engine: str) -> float | None:
        a, b = self.seconds.get(base), self.seconds.get(engine)
        return a / b if a and b else None


def _run_one(bench, label, stage, python, out_dir, options, first_round):
    output = out_dir / f"{bench.name}.{label}.json"
    if first_round and output.exists():
        output.unlink()
    cmd, extra_env = suite.pyperf_command(bench, python, output, options,
                                          accelerate=stage is not None)
    if not first_round:
        cmd = [("--append=" + str(output)) if a == f"--output={output}" else a for a in cmd]
    env = dict(os.environ)
    for name in ("FIVEFOLD_ACCELERATE", "FIVEFOLD_WITHOUT", "FIVEFOLD_WITH", "FIVEFOLD_STAGE"):
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


def run(benchmarks, out_dir: Path, options, launcher: str, rounds: int) -> list[Outcome]:
    out_dir.mkdir(parents=True, exist_ok=True)
    outcomes = {b.name: Outcome(b.name) for b in benchmarks}
    for round_ in range(rounds):
        for bench in benchmarks:
            o = outcomes[bench.name]
            if round_ and o.errors:
                continue
            for label, stage in ENGINES:
                python = sys.executable if stage is None else launcher
                o.seconds[label], err = _run_one(bench, label, stage, python, out_dir, options,
                                                 round_ == 0)
                if err:
                    o.errors.append(err)
            s1 = o.ratio("tier0", "stage1")
            print(f"round {round_ + 1}/{rounds} {bench.name:<22} "
                  + "  ".join(f"{label} {format_seconds(o.seconds[label]):>9}" for label, _ in ENGINES)
                  + (f"  stage1/tier0 {s1:.2f}x" if s1 else f"  {'; '.join(o.errors)}"), flush=True)
    return list(outcomes.values())


def table(outcomes: list[Outcome], command: str, options) -> str:
    import pandas as pd

    rows = []
    for o in outcomes:
        rows.append({
            "benchmark": o.name,
            "CPython": format_seconds(o.seconds.get("cpython")),
            "tier 0": format_seconds(o.seconds.get("tier0")),
            "stage 1": format_seconds(o.seconds.get("stage1")),
            "tier 0 vs CPython": _x(o.ratio("cpython", "tier0")),
            "stage 1 vs CPython": _x(o.ratio("cpython", "stage1")),
            "stage 1 vs tier 0": _x(o.ratio("tier0", "stage1")),
            "notes": "; ".join(o.errors),
        })
    gm = {key: geometric_mean([o.ratio(*key) for o in outcomes])
          for key in (("cpython", "tier0"), ("cpython", "stage1"), ("tier0", "stage1"))}
    measured = sum(1 for o in outcomes if o.ratio("tier0", "stage1"))
    text = pd.DataFrame(rows).to_markdown(index=False)
    summary = (f"**Geometric mean over {measured} of {len(outcomes)} benchmarks: stage 1 is "
               f"{_x(gm[('tier0', 'stage1')])} tier 0 (target 1.5x) and "
               f"{_x(gm[('cpython', 'stage1')])} CPython {platform.python_version()} "
               f"(target: above 1); tier 0 is {_x(gm[('cpython', 'tier0')])} CPython.**")
    return (f"{summary}\n\n{text}\n\n"
            f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on "
            f"{platform.machine()}, {os.cpu_count()} cores (load average at the end: "
            f"{os.getloadavg()[0]:.1f}; the machine is shared), Python {platform.python_version()}; "
            f"pyperf {' '.join(options.args()) or '(defaults)'} per round; in each round every "
            f"benchmark runs on CPython, tier 0 and stage 1 in turn; times are medians of all "
            f"values. Command:\n\n    {command}\n")


def _x(value: float | None) -> str:
    return f"{value:.2f}x" if value else "-"


def write_docs(root: Path, report: str) -> None:
    readme = root / "stage1" / "README.md"
    text = readme.read_text()
    block = f"{MARK_BEGIN}\n## Measured: stage 1 against tier 0 and CPython\n\n{report}{MARK_END}\n"
    if MARK_BEGIN in text and MARK_END in text:
        start = text.index(MARK_BEGIN)
        end = text.index(MARK_END) + len(MARK_END) + 1
        text = text[:start] + block + text[end:]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    readme.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivefold.stage1.measure",
                                     description="pyperformance on CPython, tier 0 and stage 1")
    parser.add_argument("--out", default="results/stage1", help="folder for pyperf's files")
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--values", type=int, default=3)
    parser.add_argument("--warmups", type=int, default=1)
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into stage1/README.md")
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
    command = "python -m fivefold.stage1.measure " + " ".join(
        argv if argv is not None else sys.argv[1:])
    report = table(outcomes, command, options)
    print(report)
    (Path(args.out) / "stage1.md").write_text(report)
    if args.write_docs:
        write_docs(Path(args.root), report)
    return 0 if all(o.ratio("tier0", "stage1") for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
