"""The per-stage measurement (a benchmark, not a test), for any stage N.

    python -m fivefold.harness.stage_measure --stage N [--out DIR] [--rounds N]
        [--processes N] [--values N] [--warmups N] [--only NAME,...] [--write-docs]
    python -m fivefold.harness.stage_measure --stage N --gains [--results DIR]
        [--commit C[,C...]] [--metric instructions] [--all-machines] [--write-docs]
        [--measure [--suite S] [--benchmarks NAME,...] [--repeat N] [--cluster ADDRESS]]

Without --gains: pyperformance on CPython, on fivefold at tier 0 (from stage
2 on), at stage N-1 and at stage N, side by side in one pyperf run (stage_timing.py); stage 0 is the
tier-0 baseline against CPython. The table goes to DIR/stageN.md (stage 0:
DIR/baseline.md), and with --write-docs into stageN/README.md between its
"stage N table" marker lines (stage 0: docs/baseline.md, and stage1/README.md
between the "baseline table" markers). pyperf's JSON files stay in DIR
(`python -m pyperf compare_to` reads them).

With --gains: each change's isolated gain and the compounded projection, from
the results store through the model (stage_gains.py); --write-docs puts the
table into stageN/README.md between its "stage N gains" marker lines. With
--measure it first runs the experiment into the store: stage N-1, stage N, each
change alone (isolated) and all but one (leave-one-out), on the suite's
benchmarks; with --cluster ADDRESS those runs are jobs of a Dask cluster
(harness/cluster.py), and the table reads every machine that measured.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fivefold.harness.bench_commands import add_cluster_option

PROG = "python -m fivefold.harness.stage_measure"

# The pyperf run's options and their defaults: stage 0 (the baseline) measures two
# engines with more processes and rounds than a stage against the one before it.
TIMING_DEFAULTS = {"out": None, "only": "", "also": "", "processes": None, "rounds": None,
                   "values": 3, "warmups": 1}
GAINS_DEFAULTS = {"results": None, "commit": None, "metric": "instructions", "all_machines": False,
                  "measure": False, "suite": "fivefold", "benchmarks": None, "repeat": 1,
                  "cluster": None}


def timing_markers(stage: int) -> tuple[str, str]:
    """The begin and end lines of the pyperf table in a README."""
    name = "baseline table" if stage == 0 else f"stage {stage} table"
    return (f"<!-- {name}: begin (written by {PROG} --stage {stage}) -->",
            f"<!-- {name}: end -->")


def gains_markers(stage: int) -> tuple[str, str]:
    """The begin and end lines of the gains table in stageN/README.md."""
    return (f"<!-- stage {stage} gains: begin (written by {PROG} --stage {stage} --gains) -->",
            f"<!-- stage {stage} gains: end -->")


def _begin(text: str, marker: str) -> int:
    """Where the begin line is, whatever command an older one names: -1 if absent."""
    return text.find(marker.split(": begin")[0] + ": begin")


def write_timing(readme: Path, stage: int, title: str, report: str) -> None:
    """The report under `title` between the markers (appended when they are missing)."""
    begin, end = timing_markers(stage)
    text = readme.read_text()
    block = f"{begin}\n## {title}\n\n{report}{end}\n"
    start = _begin(text, begin)
    if start >= 0 and end in text[start:]:
        stop = text.index(end, start) + len(end) + 1
        text = text[:start] + block + text[stop:]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    readme.write_text(text)


def write_gains(readme: Path, stage: int, text: str) -> None:
    """The gains table between the markers, which must be there (it sits mid-README)."""
    begin, end = gains_markers(stage)
    current = readme.read_text()
    start = _begin(current, begin)
    if start < 0:
        raise SystemExit(f"{readme} has no line {begin!r} to write after")
    after = current[current.index(end, start) + len(end):]
    readme.write_text(current[:start] + f"{begin}\n{text}\n{end}" + after)


def write_baseline_doc(root: Path, report: str) -> None:
    """docs/baseline.md: the stage-0 report with what it is and how it was made."""
    (root / "docs" / "baseline.md").write_text(
        "# Baseline: pyperformance on fivefold tier 0 vs CPython\n\n"
        f"Written by `{PROG} --stage 0 --write-docs` "
        "(`nox -s baseline`). The benchmarks are pyperformance's own files, run through "
        "pyperf with worker processes on the `fivefold-python` launcher "
        "(shared/fivefold/harness/suites.py); their results are checked against CPython's by "
        "tests/realprograms/test_pyperformance.py. Numbers from a loaded shared machine are "
        "rough: compare ratios, not absolute times. Where the time goes: "
        "docs/baseline-profile.md.\n\n" + report)


def measure_timing(args, parser, argv_text: str) -> int:
    from fivefold.harness import stage_timing
    from fivefold.harness.pyperformance_runs import PyperfOptions
    from fivefold.harness.suites import PYPERFORMANCE_BENCHMARKS, pyperformance_benchmark
    from fivefold.runtime.executable import find_launcher

    stage = args.stage
    out = Path(args.out or ("results/baseline" if stage == 0 else f"results/stage{stage}"))
    processes = args.processes if args.processes is not None else (2 if stage == 0 else 1)
    rounds = args.rounds if args.rounds is not None else (3 if stage == 0 else 2)
    launcher = find_launcher()
    if launcher is None:
        parser.error("the fivefold-python launcher is not installed (pip install fivefold)")
    try:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        benchmarks = [pyperformance_benchmark(n) for n in names] or PYPERFORMANCE_BENCHMARKS
    except KeyError as e:
        parser.error(str(e.args[0]))
    options = PyperfOptions(processes=processes, values=args.values, warmups=args.warmups)
    also = tuple(stage_timing.other_cpython(p.strip()) for p in args.also.split(",") if p.strip())
    outcomes = stage_timing.run(stage, benchmarks, out, options, launcher, rounds, also)
    report = stage_timing.table(stage, outcomes, f"{PROG} {argv_text}", options, also)
    print(report)
    (out / ("baseline.md" if stage == 0 else f"stage{stage}.md")).write_text(report)
    if args.write_docs:
        root = Path(args.root)
        if stage == 0:
            write_baseline_doc(root, report)
            write_timing(root / "stage1" / "README.md", 0, "Baseline (tier 0, before stage 1)",
                         report)
        else:
            base, top = stage_timing.engines_for(stage)[-2:]
            write_timing(root / f"stage{stage}" / "README.md", stage,
                         f"Measured: {top.name} against {base.name} and CPython", report)
    return 0 if stage_timing.all_measured(stage, outcomes) else 1


def measure_gains(args, parser) -> int:
    from fivefold import changes as registry
    from fivefold.harness import stage_gains

    stage = args.stage
    if stage == 0:
        parser.error("--gains needs a stage of 1 or more: stage 0 has no changes")
    results = args.results or f"results/stage{stage}-isolated"
    registry.load_stages()
    if args.measure:
        status = _measure_stage(args, results)
        if status:
            return status
    all_machines = args.all_machines or args.cluster is not None
    text, benchmarks = stage_gains.gains_table(stage, results, args.commit, args.metric,
                                               all_machines=all_machines)
    text += ("\n\nCommand (instruction counts: cachegrind without cache simulation, one loop of "
             "each benchmark, so changes of a few percent are visible on this shared machine):"
             "\n\n    "
             + stage_gains.bench_command(stage, results, args.metric, ",".join(benchmarks))
             + f"\n    {PROG} --stage {stage} --gains --results {results}"
             + (f" --commit {args.commit}" if args.commit else "") + " --write-docs")
    print(text)
    if args.write_docs:
        write_gains(Path(args.root) / f"stage{stage}" / "README.md", stage, text)
    return 0


def _measure_stage(args, results: str) -> int:
    """Run the stage's experiment into `results` (stage_gains.measure): 0, or the exit
    status of a run that failed or was stopped (its table would be incomplete)."""
    from fivefold.harness import stage_gains
    from fivefold.harness.engine_specs import EngineError
    from fivefold.harness.metrics import MeasureError
    from fivefold.harness.suites import SuiteError

    from fivefold.harness.cluster import ClusterError  # dask is imported when it connects

    names = [n.strip() for n in (args.benchmarks or "").split(",") if n.strip()] or None
    try:
        outcome = stage_gains.measure(args.stage, results, args.metric, args.suite, names,
                                      args.repeat, args.cluster)
    except (EngineError, SuiteError, MeasureError, ClusterError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    print(f"measured {len(outcome.measured)} file(s), skipped {len(outcome.skipped)} stored, "
          f"{len(outcome.failed)} failed; results in {results}"
          + (f" (machines: {', '.join(sorted(outcome.machines))})" if args.cluster else ""))
    for engine, entry, why in outcome.failed:
        print(f"failed {entry} on {engine}: {why.splitlines()[0]}", file=sys.stderr)
    if outcome.interrupted:
        return 130
    return 1 if outcome.failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--stage", type=int, required=True, choices=range(5), metavar="N",
                        help="the stage to measure (0: tier 0 against CPython)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into the stage's README (stage 0: docs/baseline.md "
                             "and stage1/README.md)")
    parser.add_argument("--root", default=".", help="the repository (for --write-docs)")
    timing = parser.add_argument_group("the pyperf run (without --gains)")
    timing.add_argument("--out", help="folder for pyperf's files (default: results/stageN; "
                                      "stage 0: results/baseline)")
    timing.add_argument("--only", help="comma-separated benchmark names")
    timing.add_argument("--also", help="comma-separated executables of other CPythons "
                        "(3.12, 3.13: what a user would pick instead) to measure beside them; "
                        "each needs pyperf installed")
    timing.add_argument("--processes", type=int,
                        help="pyperf processes per round (default: 1; stage 0: 2)")
    timing.add_argument("--rounds", type=int,
                        help="passes over the list, each adding runs (default: 2; stage 0: 3)")
    timing.add_argument("--values", type=int, help="pyperf values per process (default 3)")
    timing.add_argument("--warmups", type=int, help="pyperf warm-up values (default 1)")
    gains = parser.add_argument_group("each change's gain (--gains)")
    gains.add_argument("--gains", action="store_true",
                       help="instead of the pyperf run, the per-change gains from the "
                            "results store")
    gains.add_argument("--results", help="the results store (default: results/stageN-isolated)")
    gains.add_argument("--commit", help="commit(s) to read, comma-separated")
    gains.add_argument("--metric", help="default: instructions")
    gains.add_argument("--all-machines", action="store_true",
                       help="read every machine's results of the commit (a cluster run's)")
    gains.add_argument("--measure", action="store_true",
                       help="first run the stage's experiment into the store: stage N-1, "
                            "stage N, each change alone and all but one")
    gains.add_argument("--suite", help="with --measure: the suite (default: fivefold)")
    gains.add_argument("--benchmarks", help="with --measure: comma-separated benchmark names "
                                            "(default: the suite's list)")
    gains.add_argument("--repeat", type=int, help="with --measure: measurements per benchmark "
                                                  "(instructions; default 1)")
    add_cluster_option(gains)
    parser.set_defaults(**{k: None for k in (*TIMING_DEFAULTS, *GAINS_DEFAULTS)})
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    mine, other = ((GAINS_DEFAULTS, TIMING_DEFAULTS) if args.gains
                   else (TIMING_DEFAULTS, GAINS_DEFAULTS))
    given = [name for name in other if getattr(args, name) is not None]
    if given:
        parser.error(f"--{given[0]} is an option of the "
                     f"{'pyperf run' if args.gains else '--gains table'}, not of "
                     f"{'--gains' if args.gains else 'the pyperf run'}")
    for name, default in mine.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.gains:
        return measure_gains(args, parser)
    argv_text = " ".join(argv if argv is not None else sys.argv[1:])
    return measure_timing(args, parser, argv_text)


if __name__ == "__main__":
    sys.exit(main())
