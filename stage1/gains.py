"""Stage 1's per-change gains, from the results store, through the model.

    python -m fivefold.stage1.gains --results results/stage1-isolated
        [--commit C[,C...]] [--metric instructions] [--write-docs]

The store must hold, for one suite and metric, fivefold at stage 0 (the
baseline), at stage 1 (all changes on) and at stage 0 with each change alone
(`fivefold:stage=0,with=s1.<id>`, which also runs s1.quickening, the adaptive
loop every family requires): the runs `fivefold bench` makes from the command
printed below. s1.quickening's gain is tier 0 / the adaptive loop alone (a
cost); each family's is the adaptive loop alone / the loop with that family,
so the loop's cost is counted once in the projection. `fivefold.model.compounding` turns them into each
change's isolated gain (baseline / baseline + change, per benchmark and as the
geometric mean), the projected speed-up (their product) and the measured one
(baseline / all on). --write-docs puts the table into stage1/README.md between
marker lines. The table is written with pandas, as the model's reports are.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from fivefold import changes as registry
from fivefold.model.compounding import GEOMEAN, compound_stage
from fivefold.model.design import changes_from_registry, stage_design
from fivefold.model.measurements import Measurements
from fivefold.model.store_reader import read_store

MARK_BEGIN = "<!-- stage 1 gains: begin (written by python -m fivefold.stage1.gains) -->"
MARK_END = "<!-- stage 1 gains: end -->"


def bench_command(results: str, metric: str, benchmarks: str) -> str:
    ids = [c.id for c in registry.all_changes() if c.stage == 1]
    engines = ",".join(["fivefold:stage=0", "fivefold:stage=1"] + [f"fivefold:stage=0,with={i}" for i in ids])
    return (f'python -m fivefold bench --engines "{engines}" --suite fivefold '
            f"--benchmarks {benchmarks} --metric {metric} --repeat 1 --results {results}")


def _fmt(estimate) -> str:
    return "-" if estimate is None or pd.isna(estimate) else f"{estimate.value:.3f}x"


def gains_table(results: str, commit: str | None, metric: str) -> tuple[str, list[str]]:
    """The Markdown table of the changes and their gains, and the benchmarks it covers."""
    table = read_store(results, commit=commit)
    data = Measurements(table, metric=metric, n_boot=200)
    result = compound_stage(data, stage_design(1, changes_from_registry()))
    if result.missing:
        raise SystemExit(f"the store lacks {', '.join(result.missing)} for metric {metric}: run\n  "
                         + bench_command(results, metric, "..."))
    benchmarks = [b for b in result.per_benchmark["benchmark"] if b != GEOMEAN]
    gains = result.gains
    rows = []
    for change in registry.all_changes():
        if change.stage != 1:
            continue
        name = change.id.split(".", 1)[1]
        mine = gains[gains["change"] == change.id]
        geo = mine[mine["benchmark"] == GEOMEAN]["gain"].iloc[0]
        per = mine[mine["benchmark"] != GEOMEAN]
        best = per.loc[per["gain"].map(lambda e: e.value).idxmax()]
        targeted = [b for b in change.targets if b in benchmarks]
        on_targets = ", ".join(f"{b} {_fmt(per[per['benchmark'] == b]['gain'].iloc[0])}" for b in targeted)
        machinery = not change.requires   # s1.quickening: required by every family
        rows.append({
            "id": f"`{change.id}`",
            "switch": (f"`FIVEFOLD_STAGE=0 FIVEFOLD_WITH={change.id}` (alone; every family switches it on)"
                       if machinery else f"`FIVEFOLD_WITHOUT={change.id}`"),
            "test": f"[{Path(change.test).name}](../{change.test})",
            "targets": ", ".join(change.targets),
            "isolated gain, geomean": _fmt(geo),
            "on its micro-benchmarks": on_targets or "-",
            "largest": f"{best['benchmark']} {_fmt(best['gain'])}",
            "source": "shared/vm/specialize.c, eval.c (SPECIALIZE)" if machinery else f"stage1/vm/{name}.def, {name}.c",
        })
    geo = result.geomean
    lines = [pd.DataFrame(rows).to_markdown(index=False), "",
             f"Compounded over the {len(benchmarks)} micro-benchmarks ({', '.join(benchmarks)}), "
             f"metric {metric}: **projected {_fmt(geo['projected'])}** (the product of the isolated "
             f"gains), **measured {_fmt(geo['measured'])}** (stage 0 / stage 1, all on), interaction "
             f"gap {geo['gap'].value:+.1%} (measured / projected - 1).", "",
             "| benchmark | projected | measured | gap |", "|---|---|---|---|"]
    for row in result.per_benchmark.itertuples():
        gap = "-" if row.gap is None or pd.isna(row.gap) else f"{row.gap.value:+.1%}"
        lines.append(f"| {row.benchmark} | {_fmt(row.projected)} | {_fmt(row.measured)} | {gap} |")
    return "\n".join(lines), benchmarks


def write_docs(readme: Path, text: str) -> None:
    current = readme.read_text()
    block = f"{MARK_BEGIN}\n{text}\n{MARK_END}"
    if MARK_BEGIN in current:
        before = current[:current.index(MARK_BEGIN)]
        after = current[current.index(MARK_END) + len(MARK_END):]
        readme.write_text(before + block + after)
    else:
        raise SystemExit(f"{readme} has no line {MARK_BEGIN!r} to write after")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivefold.stage1.gains", description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default="results/stage1-isolated")
    parser.add_argument("--commit", default=None, help="commit(s) to read, comma-separated")
    parser.add_argument("--metric", default="instructions")
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--root", default=".", help="the repository (for --write-docs)")
    args = parser.parse_args(argv)
    registry.load_stages()
    text, benchmarks = gains_table(args.results, args.commit, args.metric)
    text += ("\n\nCommand (instruction counts: cachegrind without cache simulation, one loop of each "
             "benchmark, so changes of a few percent are visible on this shared machine):\n\n    "
             + bench_command(args.results, args.metric, ",".join(benchmarks))
             + f"\n    python -m fivefold.stage1.gains --results {args.results}"
             + (f" --commit {args.commit}" if args.commit else "") + " --write-docs")
    print(text)
    if args.write_docs:
        write_docs(Path(args.root) / "stage1" / "README.md", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
