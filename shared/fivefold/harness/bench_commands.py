"""`fivefold bench` and `fivefold results`."""

from __future__ import annotations

import argparse
import sys

from fivefold.harness import identity


def register(subparsers) -> None:
    bench = subparsers.add_parser(
        "bench", help="run a benchmark suite on engines, store and compare the results",
        description="Run SUITE's benchmarks on ENGINES, interleaved (A B A B), store each result "
                    "under the results folder (skipping what is stored) and print a comparison "
                    "against the first engine.")
    bench.add_argument("--engines", required=True,
                       help="comma-separated engine specs, the first is the baseline: cpython, "
                            "cpython:path=PY, pypy, fivefold:stage=N,without=ID,ID,with=ID,build=OPT, "
                            "fivefold-aarch64:stage=N,... (under qemu; --metric qemu-instructions)")
    bench.add_argument("--suite", default="pyperformance",
                       help="pyperformance, fivefold (our micro-benchmarks) or a folder (default: pyperformance)")
    bench.add_argument("--benchmarks", help="comma-separated names (default: the suite's default list)")
    bench.add_argument("--metric", default=None,
                       choices=["time", "instructions", "memory", "startup", "qemu-instructions"],
                       help="default: time, or qemu-instructions when every engine is fivefold-aarch64")
    mode = bench.add_mutually_exclusive_group()
    mode.add_argument("--fast", action="store_true", help="pyperf --fast (fewer processes and values)")
    mode.add_argument("--rigorous", action="store_true", help="pyperf --rigorous")
    bench.add_argument("-p", "--processes", type=int, help="pyperf worker processes")
    bench.add_argument("-n", "--values", type=int, help="pyperf values per process")
    bench.add_argument("-w", "--warmups", type=int, help="pyperf warm-up values per process")
    bench.add_argument("-l", "--loops", type=int, help="pyperf loops per value")
    bench.add_argument("--min-time", type=float, help="pyperf minimum seconds per value")
    bench.add_argument("--repeat", type=int, help="instructions: measurements per benchmark (default 2, --fast 1)")
    bench.add_argument("--results", help="results folder (default: FIVEFOLD_RESULTS or ./results)")
    bench.add_argument("--force", action="store_true",
                       help="re-measure stored results, moving the old files aside")
    bench.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_cluster_option(bench)
    bench.set_defaults(func=run_bench)

    results = subparsers.add_parser(
        "results", help="list stored results or compare engines from them",
        description="Print the results index (one row per stored file), with --compare a "
                    "comparison table made from the stored files alone, or with --export one "
                    "engine's whole suite as one pyperf file (for `pyperf compare_to --table`).")
    results.add_argument("--results", help="results folder (default: FIVEFOLD_RESULTS, else ./results "
                                            "when it holds results, else the published store)")
    results.add_argument("--format", choices=["table", "csv"], default="table")
    results.add_argument("--compare", metavar="ENGINES", help="comma-separated engine specs, baseline first")
    results.add_argument("--export", metavar="FILE",
                         help="write ENGINE's results (--engine) as one pyperf suite file")
    results.add_argument("--engine", help="the engine spec to export (with --export)")
    results.add_argument("--suite", help="suite name (with --compare; with --export when the engine "
                                         "has results of several suites)")
    results.add_argument("--benchmarks", help="comma-separated benchmark names to keep")
    results.add_argument("--metric", default="time")
    results.add_argument("--machine", help="machine (default: this one when stored, else the latest run's)")
    results.add_argument("--commit", help="commit (default: the current one when stored, else the latest run's)")
    results.set_defaults(func=run_results)


def add_cluster_option(parser) -> None:
    """--cluster, shared with the stage measurement (stage_measure.py)."""
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="send each (engine, benchmark) step as one job to the Dask scheduler "
                             "at ADDRESS (tcp://host:8786; workers started with --nthreads 1 "
                             "--resources bench=1), or to a local cluster of N worker processes "
                             "(local:N); results are filed here under the machine that measured "
                             "them (needs the 'cluster' extra; default: run in this process)")


def _console():
    from rich.console import Console

    # Piped output (CI logs, files) gets a wide table rather than rich's 80 columns.
    return Console(width=None if sys.stdout.isatty() else 160)


def run_bench(args) -> int:
    from fivefold.harness import aarch64_engine, compare, engine_specs, engines, runner, suites
    from fivefold.harness.metrics import MeasureError, RunOptions, get_metric
    from fivefold.harness.store import Store

    console = _console()
    try:
        specs = engine_specs.parse_specs(args.engines)
        suite = suites.load_suite(args.suite)
        if args.benchmarks:
            suite = suite.select([b.strip() for b in args.benchmarks.split(",") if b.strip()])
        kinds = [s.kind for s in specs]
        if args.metric is None:
            args.metric = "qemu-instructions" if set(kinds) == {"fivefold-aarch64"} else "time"
        aarch64_engine.check_metric(kinds, args.metric)
        metric = get_metric(args.metric)
        metric.check()
        resolved = [engines.resolve(s) for s in specs]
    except (engine_specs.EngineError, suites.SuiteError, MeasureError) as exc:
        print(f"fivefold bench: error: {exc}", file=sys.stderr)
        return 2
    names = [e.name for e in resolved]
    if len(set(names)) != len(names):
        print("fivefold bench: error: an engine is given twice", file=sys.stderr)
        return 2
    options = RunOptions(fast=args.fast, rigorous=args.rigorous, processes=args.processes,
                         values=args.values, warmups=args.warmups, loops=args.loops,
                         min_time=args.min_time, repeat=args.repeat)
    store = Store(args.results)
    for e in resolved:
        console.print(f"engine [b]{e.name}[/b]: {e.python} ({e.facts.get('implementation')} "
                      f"{e.facts.get('python_version')})")
    # cluster.py imports dask only when it connects to a cluster (--cluster).
    from fivefold.harness import cluster

    try:
        outcome = cluster.execute(resolved, suite, metric, options, store,
                                  suites.suite_source(args.suite), cluster=args.cluster,
                                  force=args.force, console=console, progress=not args.no_progress)
    except cluster.ClusterError as exc:
        print(f"fivefold bench: error: {exc}", file=sys.stderr)
        return 2
    if outcome.interrupted:
        print(f"interrupted; {len(outcome.measured)} results kept in {store.root}", file=sys.stderr)
        return 130
    console.print(f"measured {len(outcome.measured)} file(s), skipped {len(outcome.skipped)} "
                  f"stored, {len(outcome.failed)} failed; results in {store.root}")
    for engine, entry, why in outcome.failed:
        console.print(runner.failure_line(engine, entry, why))
    if len(outcome.machines) > 1:
        console.print(f"measured on {len(outcome.machines)} machines: "
                      f"{', '.join(sorted(outcome.machines))} (compare times only across "
                      "identical machines)")
    if len(names) > 1:
        _print_comparison(store, names, metric.suite_name(suite.name), metric.name,
                          outcome.machines, identity.commit(), console,
                          entries={b for e in suite.entries for b in [e.name]})
    return 1 if outcome.failed else 0


def _print_comparison(store, names, suite, metric, machine, commit, console, entries=None) -> bool:
    """`machine`: one machine, or a set of them (a cluster run's workers)."""
    from fivefold.harness import compare

    machines = {machine} if isinstance(machine, str) else set(machine)
    machine = ", ".join(sorted(machines))
    frame = store.index()
    frame = frame[(frame.fivefold_suite == suite) & (frame.fivefold_metric == metric)
                  & frame.fivefold_machine.isin(machines) & (frame.fivefold_commit == commit)
                  & frame.fivefold_engine.isin(names)]
    if entries is not None and metric != "startup":
        frame = frame[frame.fivefold_entry.isin(entries)]
    if frame.empty:
        console.print(f"no stored results for suite {suite}, metric {metric}, machine {machine}, "
                      f"commit {commit}")
        return False
    table, geo = compare.compare(store, frame, names)
    unit = {"time": "second", "startup": "second", "memory": "byte"}.get(metric, "integer")
    console.print(compare.render(table, geo, names[0], unit,
                                 f"{metric} on {suite} ({machine}, commit {commit})"))
    return True


class ResultsError(Exception):
    """What `fivefold results` cannot answer: said in one line, exit status 1."""


def _results_root(args):
    if args.results:
        return args.results
    from fivefold.model.store_reader import default_root

    return default_root()


def _stored_frame(store):
    """The store's index; a missing or empty store is an error, not '0 results'."""
    if not store.root.is_dir():
        raise ResultsError(f"results store {store.root} does not exist (measure with `fivefold bench`, "
                           "or pass --results DIR)")
    frame = store.index()
    if frame.empty:
        raise ResultsError(f"results store {store.root} holds no results "
                           "(<machine>/<commit>/<engine>/<suite>/<benchmark>.<metric>.json)")
    return frame


def _pick(frame, column: str, wanted: str | None, preferred: str, what: str):
    """Rows of `frame` whose `column` is `wanted`; unasked, `preferred` when stored,
    else the value of the newest file."""
    values = set(frame[column])
    if wanted:
        if wanted not in values:
            from fivefold.harness.suites import did_you_mean

            raise ResultsError(f"no stored results of {what} {did_you_mean(wanted, values)}; "
                               f"stored: {', '.join(sorted(values))}")
        return frame[frame[column] == wanted], wanted
    if preferred in values:
        return frame[frame[column] == preferred], preferred
    latest = frame.sort_values("fivefold_timestamp").iloc[-1][column]
    return frame[frame[column] == latest], latest


def _filter_benchmarks(frame, names: str | None):
    if not names:
        return frame
    from fivefold.harness.suites import did_you_mean

    wanted = [n.strip() for n in names.split(",") if n.strip()]
    stored = set(frame.fivefold_benchmark)
    unknown = [n for n in wanted if n not in stored]
    if unknown:
        raise ResultsError("no stored results of benchmark "
                           + "; ".join(did_you_mean(n, stored) for n in unknown))
    return frame[frame.fivefold_benchmark.isin(wanted)]


def _select_run(frame, args, engines: list[str]):
    """One metric, machine and commit that holds the engines (for --compare and --export)."""
    frame, _ = _pick(frame, "fivefold_metric", args.metric, "", "metric")
    for engine in engines:
        if engine not in set(frame.fivefold_engine):
            from fivefold.harness.suites import did_you_mean

            raise ResultsError(f"no stored {args.metric} results of engine "
                               f"{did_you_mean(engine, set(frame.fivefold_engine))}; stored: "
                               f"{', '.join(sorted(set(frame.fivefold_engine)))}")
    with_all = frame[frame.fivefold_engine.isin(engines)]
    frame, machine = _pick(with_all, "fivefold_machine", args.machine, identity.machine_slug(), "machine")
    frame, commit = _pick(frame, "fivefold_commit", args.commit, identity.commit(), "commit")
    return frame, machine, commit


def export_suite(store, frame, path: str) -> int:
    """Write the benchmarks of `frame` (one engine) as one pyperf suite file."""
    import os

    import pyperf

    duplicated = frame.fivefold_benchmark[frame.fivefold_benchmark.duplicated()]
    if not duplicated.empty:
        raise ResultsError(f"benchmark {duplicated.iloc[0]} is stored in several suites "
                           f"({', '.join(sorted(set(frame.fivefold_suite)))}): choose one with --suite")
    benchmarks = [store.benchmark(row) for _, row in frame.sort_values("fivefold_benchmark").iterrows()]
    if os.path.exists(path):
        os.unlink(path)  # pyperf refuses to write over a file
    pyperf.BenchmarkSuite(benchmarks).dump(path)
    return len(benchmarks)


def run_results(args) -> int:
    import pandas  # noqa: F401 - the index needs it: a missing extra is said before anything else

    from fivefold.harness.store import Store

    store = Store(_results_root(args))
    console = _console()
    try:
        frame = _stored_frame(store)
        if args.export:
            if not args.engine:
                raise ResultsError("--export needs --engine SPEC")
            frame, machine, commit = _select_run(frame, args, [args.engine])
            frame = frame[frame.fivefold_engine == args.engine]
            if args.suite:
                frame, _ = _pick(frame, "fivefold_suite", args.suite, "", "suite")
            frame = _filter_benchmarks(frame, args.benchmarks)
            count = export_suite(store, frame, args.export)
            print(f"wrote {count} benchmark(s) of {args.engine} ({args.metric}, machine {machine}, "
                  f"commit {commit}) to {args.export}")
            return 0
        if args.compare:
            from fivefold.harness import engine_specs

            try:
                names = [s.text for s in engine_specs.parse_specs(args.compare)]
            except engine_specs.EngineError as exc:
                print(f"fivefold results: error: {exc}", file=sys.stderr)
                return 2
            if not args.suite:
                print("fivefold results: error: --compare needs --suite", file=sys.stderr)
                return 2
            frame, machine, commit = _select_run(frame, args, names)
            in_suite, _ = _pick(frame, "fivefold_suite", args.suite, "", "suite")
            chosen = _filter_benchmarks(in_suite, args.benchmarks)
            entries = set(chosen.fivefold_entry) if args.benchmarks else None
            ok = _print_comparison(store, names, args.suite, args.metric, machine, commit, console,
                                   entries=entries)
            return 0 if ok else 1
        frame = _filter_benchmarks(frame, args.benchmarks)
    except ResultsError as exc:
        print(f"fivefold results: error: {exc}", file=sys.stderr)
        return 1
    if args.format == "csv":
        frame.to_csv(sys.stdout, index=False)
        return 0
    from rich.table import Table

    table = Table(title=f"{len(frame)} stored results in {store.root}")
    for col in ("fivefold_commit", "fivefold_engine", "fivefold_suite", "fivefold_benchmark",
                "fivefold_metric", "n_values", "mean"):
        table.add_column(col.removeprefix("fivefold_"))
    for r in frame.itertuples():
        table.add_row(r.fivefold_commit, r.fivefold_engine, r.fivefold_suite, r.fivefold_benchmark,
                      r.fivefold_metric, str(r.n_values), f"{r.mean:.6g}")
    console.print(table)
    return 0
