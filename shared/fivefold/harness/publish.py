"""Publish measured results into the store kept in the repository.

    python -m fivefold.harness.publish SOURCE [--to results/published]
        [--machine M] [--commit C] [--metric M,M] [--engines SPEC,SPEC]

Copies one run of a measured store (one machine and commit: by default the pair
whose newest file is the most recent, as `fivefold report` picks) into the
published store, replacing what was published for that machine and commit and
keeping the others (a timeline across commits), then rebuilds its index.csv.
Only result files are copied (never `*.json.old`, logs or temporary files), and
each is checked to be a readable pyperf file with the metadata the model needs.
`nox -s publish -- SOURCE` runs this (docs/results-store.md).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from fivefold.harness.store import Store

DEFAULT_DESTINATION = Path("results") / "published"
# Past this the published store is no longer "small enough to commit": say so.
SIZE_WARNING = 5 * 1024 * 1024
REQUIRED = ("fivefold_engine", "fivefold_metric", "fivefold_benchmark", "fivefold_machine",
            "fivefold_commit")


class PublishError(Exception):
    pass


def _split(text: str | None) -> set[str] | None:
    return {p.strip() for p in text.split(",") if p.strip()} if text else None


def select(source: Store, machine: str | None = None, commit: str | None = None,
           metrics: set[str] | None = None, engines: set[str] | None = None):
    """The index rows of `source` to publish: one machine and commit (the latest
    by default), optionally only some metrics and engines."""
    frame = source.index()
    if frame.empty:
        raise PublishError(f"{source.root} holds no result files: nothing to publish")
    missing = [k for k in REQUIRED if (frame[k] == "").any()]
    if missing:
        raise PublishError(f"{source.root}: files without {', '.join(missing)} cannot be published")
    if machine:
        frame = frame[frame.fivefold_machine == machine]
    if commit:
        frame = frame[frame.fivefold_commit == commit]
    if frame.empty:
        raise PublishError(f"{source.root} holds nothing for machine={machine} commit={commit}")
    if not (machine and commit):
        latest = frame.groupby(["fivefold_machine", "fivefold_commit"])["fivefold_timestamp"].max()
        machine, commit = latest.sort_values().index[-1]
        frame = frame[(frame.fivefold_machine == machine) & (frame.fivefold_commit == commit)]
    if metrics:
        frame = frame[frame.fivefold_metric.isin(metrics)]
    if engines:
        frame = frame[frame.fivefold_engine.isin(engines)]
    if frame.empty:
        raise PublishError(f"{source.root}: nothing of metric(s) {metrics} and engine(s) {engines} "
                           f"for machine {machine}, commit {commit}")
    return frame, machine, commit


def publish(source: Path, destination: Path = DEFAULT_DESTINATION, machine: str | None = None,
            commit: str | None = None, metrics: set[str] | None = None,
            engines: set[str] | None = None) -> tuple[list[Path], str, str]:
    source_store = Store(source)
    frame, machine, commit = select(source_store, machine, commit, metrics, engines)
    if Path(source).resolve() == Path(destination).resolve():
        raise PublishError("the source is the published store itself")
    copied = []
    first = Path(frame.path.iloc[0]).relative_to(source_store.root)
    # Replace what was published for this machine and commit (a re-measured run).
    target_run = Path(destination) / first.parts[0] / first.parts[1]
    if target_run.exists():
        shutil.rmtree(target_run)
    for path in frame.path:
        relative = Path(path).relative_to(source_store.root)
        target = Path(destination) / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copied.append(target)
    Store(destination).write_index()
    return copied, machine, commit


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in Path(folder).rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivefold.harness.publish",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="a measured results store (e.g. results/ic)")
    parser.add_argument("--to", default=str(DEFAULT_DESTINATION),
                        help=f"the published store (default {DEFAULT_DESTINATION})")
    parser.add_argument("--machine", help="machine to publish (default: the latest run's)")
    parser.add_argument("--commit", help="commit to publish (default: the latest run's)")
    parser.add_argument("--metric", help="only these metrics, comma-separated")
    parser.add_argument("--engines", help="only these engine specs, comma-separated")
    args = parser.parse_args(argv)
    try:
        copied, machine, commit = publish(Path(args.source), Path(args.to), args.machine, args.commit,
                                          _split(args.metric), _split(args.engines))
    except PublishError as exc:
        print(f"publish: error: {exc}", file=sys.stderr)
        return 1
    size = size_of(Path(args.to))
    print(f"published {len(copied)} result file(s) of machine {machine}, commit {commit} "
          f"into {args.to} ({size / 1024:.0f} KiB in all)")
    if size > SIZE_WARNING:
        print(f"publish: warning: {args.to} is {size / 2**20:.1f} MiB: publish fewer commits or "
              "metrics (it is kept in the repository)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
