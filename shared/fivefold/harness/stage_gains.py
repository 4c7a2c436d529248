"""Each change's isolated gain in stage N, and their compounded projection, from the
results store through the model.

The store must hold, for one suite and metric, fivefold at stage N-1 (the
baseline), at stage N (all changes on) and at stage N-1 with each change of
stage N alone (`fivefold:stage=N-1,with=<id>`, which also runs the changes it
requires): the runs `fivefold bench` makes from `bench_command`. A change that
others of the stage require (stage 1's s1.quickening, the adaptive loop every
family requires) is measured alone against the baseline, and each change that
requires it against it, so its cost is counted once in the projection.
`fivefold.model.compounding` turns them into each change's isolated gain
(baseline / baseline + change, per benchmark and as the geometric mean), the
projected speed-up (their product) and the measured one (baseline / all on).
The table is written with pandas, as the model's reports are.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from fivefold import changes as registry
from fivefold.model.compounding import GEOMEAN, compound_stage
from fivefold.model.design import changes_from_registry, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.store_reader import read_store

# Where a change's code lives, when it is not stageN/vm/<name>.def and <name>.c.
SOURCES = {"s1.quickening": "stage1/vm/adaptive.c, loop.c, specialize.h (SPECIALIZE)"}


def stage_changes(stage: int) -> list[registry.Change]:
    return [c for c in registry.all_changes() if c.stage == stage]


def stage_engines(stage: int) -> list[str]:
    """The engine specs of the stage's experiment (model/design.py): the baseline
    (stage N-1), all on (stage N), each change alone on the baseline (isolated,
    `with=ID`) and all on but one (leave-one-out, `without=ID`). A change that is
    off by default (not in stage N) or that others require (switching it off
    leaves them on, with it: stage N again) has no leave-one-out run."""
    changes = stage_changes(stage)
    required = {need for c in changes for need in c.requires}
    return ([f"fivefold:stage={stage - 1}", f"fivefold:stage={stage}"]
            + [f"fivefold:stage={stage - 1},with={c.id}" for c in changes]
            + [f"fivefold:stage={stage},without={c.id}" for c in changes
               if c.on_by_default and c.id not in required])


def bench_command(stage: int, results: str, metric: str, benchmarks: str) -> str:
    """The `fivefold bench` run that stores every configuration the table needs."""
    engines = ",".join(stage_engines(stage))
    return (f'python -m fivefold bench --engines "{engines}" --suite fivefold '
            f"--benchmarks {benchmarks} --metric {metric} --repeat 1 --results {results}")


def measure(stage: int, results: str, metric_name: str, suite_name: str = "fivefold",
            benchmarks: list[str] | None = None, repeat: int = 1, cluster: str | None = None,
            console=None, progress: bool = True, options=None):
    """Run the stage's experiment (stage_engines x the suite's benchmarks) into the
    store at `results`, in this process or as jobs of the Dask cluster at `cluster`
    (cluster.execute): what `bench_command` runs, for `--gains --measure`. Raises
    EngineError, SuiteError, MeasureError or cluster.ClusterError before any run.
    `options` (RunOptions) replaces the default, `repeat` counts of instructions."""
    from fivefold.harness import cluster as cluster_run
    from fivefold.harness import engines, suites
    from fivefold.harness.metrics import RunOptions, get_metric
    from fivefold.harness.store import Store

    metric = get_metric(metric_name)
    metric.check()
    suite = suites.load_suite(suite_name).select(benchmarks)
    resolved = [engines.resolve(spec) for spec in stage_engines(stage)]
    options = options or RunOptions(repeat=repeat)
    return cluster_run.execute(resolved, suite, metric, options, Store(results),
                               suites.suite_source(suite_name), cluster=cluster, console=console,
                               progress=progress)


def _fmt(estimate) -> str:
    return "-" if estimate is None or pd.isna(estimate) else f"{estimate.value:.3f}x"


def _switch(change: registry.Change, stage: int, required_by: list[str], others: int) -> str:
    if not change.on_by_default:
        return f"`FIVEFOLD_WITH={change.id}` (off by default: its gain did not hold)"
    if not required_by:
        return f"`FIVEFOLD_WITHOUT={change.id}`"
    who = "every family switches it on" if len(required_by) == others \
        else f"{', '.join(required_by)} switch it on"
    return f"`FIVEFOLD_STAGE={stage - 1} FIVEFOLD_WITH={change.id}` (alone; {who})"


def gains_table(stage: int, results: str, commit: str | None, metric: str,
                all_machines: bool = False) -> tuple[str, list[str]]:
    """The Markdown table of the stage's changes and their gains, and the benchmarks it
    covers; from one machine, or with `all_machines` every machine of the commit (a
    cluster run spreads its runs over its workers' machines)."""
    table = read_store(results, commit=commit, all_machines=all_machines)
    data = Measurements(table, metric=metric, n_boot=200)
    infos = changes_from_registry()
    design = stage_design(stage, infos)
    # A run made before the stage's newest changes were registered: its stage N
    # has none of them, so the table is of the changes it ran, and says so.
    configs = set(table["config"]) if "config" in table else set()
    later = [c for c in design.changes if design.isolated(c) not in configs]
    if later and design.candidate not in configs:
        design = stage_design(stage, [i for i in infos if i.id not in later])
    result = compound_stage(data, design)
    if result.missing:
        raise SystemExit(f"the store lacks {', '.join(result.missing)} for metric {metric}: run\n  "
                         + bench_command(stage, results, metric, "..."))
    benchmarks = [b for b in result.per_benchmark["benchmark"] if b != GEOMEAN]
    gains = result.gains
    changes = stage_changes(stage)
    rows = []
    for change in changes:
        name = change.id.split(".", 1)[1]
        mine = gains[gains["change"] == change.id]
        required_by = [c.id for c in changes if change.id in c.requires]
        row = {
            "id": f"`{change.id}`",
            "switch": _switch(change, stage, required_by, len(changes) - 1),
            "test": f"[{Path(change.test).name}](../{change.test})",
            "targets": ", ".join(change.targets),
            "isolated gain, geomean": "-", "on its micro-benchmarks": "-", "largest": "-",
            "source": SOURCES.get(change.id, f"stage{stage}/vm/{name}.def, {name}.c"),
        }
        rows.append(row)
        if mine.empty:
            # Off by default (not in the stage's engine), or registered after the run.
            why = "registered after this run" if change.id in later else "off by default"
            row["isolated gain, geomean"] = f"- ({why})"
            continue
        geo = mine[mine["benchmark"] == GEOMEAN]["gain"].iloc[0]
        per = mine[mine["benchmark"] != GEOMEAN]
        best = per.loc[per["gain"].map(lambda e: e.value).idxmax()]
        targeted = [b for b in change.targets if b in benchmarks]
        on_targets = ", ".join(f"{b} {_fmt(per[per['benchmark'] == b]['gain'].iloc[0])}"
                               for b in targeted)
        row["isolated gain, geomean"] = _fmt(geo)
        row["on its micro-benchmarks"] = on_targets or "-"
        row["largest"] = f"{best['benchmark']} {_fmt(best['gain'])}"
    geo = result.geomean
    lines = [pd.DataFrame(rows).to_markdown(index=False), "",
             f"Compounded over the {len(benchmarks)} micro-benchmarks ({', '.join(benchmarks)}), "
             f"metric {metric}: **projected {_fmt(geo['projected'])}** (the product of the isolated "
             f"gains), **measured {_fmt(geo['measured'])}** (stage {stage - 1} / stage {stage}, "
             f"all on), interaction gap {geo['gap'].value:+.1%} (measured / projected - 1).", "",
             "| benchmark | projected | measured | gap |", "|---|---|---|---|"]
    for row in result.per_benchmark.itertuples():
        gap = "-" if row.gap is None or pd.isna(row.gap) else f"{row.gap.value:+.1%}"
        lines.append(f"| {row.benchmark} | {_fmt(row.projected)} | {_fmt(row.measured)} | {gap} |")
    return "\n".join(lines), benchmarks
