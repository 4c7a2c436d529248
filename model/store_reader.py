"""Read the results store (docs/results-store.md) into one table.

The model depends only on the documented files, not on the harness's code: it
walks ``<root>/<machine>/<commit>/<engine>/<suite>/<benchmark>.<metric>.json``,
loads each file with ``pyperf.BenchmarkSuite.load`` and keeps the ``fivefold_*``
metadata and the sample values (warm-ups excluded, as pyperf's ``get_values``).

The result is a plain pandas DataFrame, one row a file, with the columns of
``COLUMNS``; everything downstream (compounding, contract, reports) takes that
table, so tests can build it without files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pyperf

COLUMNS = ["machine", "commit", "engine", "engine_kind", "stage", "changes", "config",
           "suite", "benchmark", "metric", "weight", "values", "timestamp", "path",
           # How it was measured (the report's "how measured" section); '' when not recorded.
           "python_version", "implementation", "version", "source", "load", "cpu", "arch",
           "counter", "loops"]

DEFAULT_ROOT = "results"
# The results the project publishes (docs/results-store.md): kept in the
# repository, refreshed by `nox -s publish`, read when no other store is given.
PUBLISHED = Path("results") / "published"
RESULT_GLOB = "*/*/*/*/*.json"


class StoreError(Exception):
    """The store is missing, empty or holds a file that breaks the documented layout."""


def holds_results(root: Path) -> bool:
    return root.is_dir() and any(p.is_file() for p in root.glob(RESULT_GLOB))


def published_root() -> Path | None:
    """The published store of the fivefold source tree this package was installed
    from (an editable install or a checkout), else of the current folder's tree."""
    import fivefold

    package = Path(fivefold.__file__).resolve().parent      # <tree>/shared/fivefold
    for tree in (package.parent.parent, Path.cwd()):
        if holds_results(tree / PUBLISHED):
            return tree / PUBLISHED
    return None


def default_root() -> Path:
    """$FIVEFOLD_RESULTS; else ./results when it holds results (your own runs);
    else the project's published store; else ./results (which then says what is
    missing)."""
    env = os.environ.get("FIVEFOLD_RESULTS")
    if env:
        return Path(env)
    if holds_results(Path(DEFAULT_ROOT)):
        return Path(DEFAULT_ROOT)
    return published_root() or Path(DEFAULT_ROOT)


def config_key(engine_kind: str, engine: str, changes: frozenset[str],
               accelerate: str = "") -> str:
    """The name of what ran: fivefold engines by their set of changes, others by engine.

    Two fivefold specs that enable the same changes (``stage=1`` and
    ``stage=0,with=a,b``) ran the same code, so they are one configuration; one
    that also compiled the standard library (``accelerate=*``) ran other code, so
    it is another.
    """
    if engine_kind.startswith("fivefold"):
        key = f"{engine_kind}[{','.join(sorted(changes))}]"
        return key + (f"+accelerate={accelerate}" if accelerate else "")
    return engine


def parse_changes(text: str) -> frozenset[str]:
    return frozenset(part.strip() for part in (text or "").split(",") if part.strip())


def read_file(path: Path) -> dict:
    """One store file as a row of the table."""
    try:
        suite = pyperf.BenchmarkSuite.load(str(path))
    except Exception as exc:  # pyperf raises ValueError/KeyError/JSONDecodeError on bad files
        raise StoreError(f"{path}: not a pyperf JSON file ({exc})") from exc
    benchmarks = suite.get_benchmarks()
    if len(benchmarks) != 1:
        raise StoreError(f"{path}: holds {len(benchmarks)} benchmarks, the store keeps one a file")
    bench = benchmarks[0]
    meta = bench.get_metadata()
    missing = [k for k in ("fivefold_engine", "fivefold_metric", "fivefold_benchmark") if k not in meta]
    if missing:
        raise StoreError(f"{path}: metadata lacks {', '.join(missing)}")
    engine = str(meta["fivefold_engine"])
    kind = str(meta.get("fivefold_engine_kind", engine.split(":")[0]))
    changes = parse_changes(str(meta.get("fivefold_changes", "")))
    stage_text = str(meta.get("fivefold_stage", "")).strip()
    try:
        weight = float(meta.get("fivefold_weight", "1.0") or 1.0)
    except ValueError:
        raise StoreError(f"{path}: fivefold_weight is not a number: {meta['fivefold_weight']!r}") from None
    values = tuple(float(v) for v in bench.get_values())
    if not values:
        raise StoreError(f"{path}: no sample values")
    return {
        "machine": str(meta.get("fivefold_machine", path.parts[-5] if len(path.parts) >= 5 else "")),
        "commit": str(meta.get("fivefold_commit", path.parts[-4] if len(path.parts) >= 4 else "")),
        "engine": engine,
        "engine_kind": kind,
        "stage": int(stage_text) if stage_text.isdigit() else None,
        "changes": changes,
        "config": config_key(kind, engine, changes, str(meta.get("fivefold_accelerate", ""))),
        "suite": str(meta.get("fivefold_suite", path.parent.name)),
        "benchmark": str(meta["fivefold_benchmark"]),
        "metric": str(meta["fivefold_metric"]),
        "weight": weight,
        "values": values,
        "timestamp": str(meta.get("fivefold_timestamp", "")),
        "path": str(path),
        "python_version": str(meta.get("fivefold_python_version", "")),
        "implementation": str(meta.get("fivefold_implementation", "")),
        "version": str(meta.get("fivefold_version", "")),
        "source": str(meta.get("fivefold_source", "")),
        # The load fivefold recorded, else the one pyperf's worker metadata has.
        "load": str(meta.get("fivefold_load", meta.get("load_avg_1min", ""))),
        "cpu": str(meta.get("fivefold_cpu", meta.get("cpu_model_name", ""))),
        "arch": str(meta.get("fivefold_arch", "")),
        "counter": str(meta.get("fivefold_counter", "")),
        "loops": str(meta.get("loops", "")),
    }


def read_all(root: str | os.PathLike | None = None) -> pd.DataFrame:
    """Every file of the store, all machines and commits (for a timeline)."""
    root = Path(root) if root is not None else default_root()
    paths = sorted(p for p in root.glob(RESULT_GLOB) if p.is_file()) if root.is_dir() else []
    return pd.DataFrame([read_file(p) for p in paths], columns=COLUMNS)


def read_store(root: str | os.PathLike | None = None, machine: str | None = None,
               commit: str | None = None, all_machines: bool = False) -> pd.DataFrame:
    """Every file of one machine and commit of the store, as a table.

    Without `machine`/`commit`, the pair whose newest file is the most recent is
    chosen, so a report describes one coherent run; ask for others explicitly.
    `commit` may name several commits, comma-separated ("abc,abc-dirty"): their
    files are read together, for a run split across commits that the caller
    knows build the same engine (for example a documentation-only change made
    while the run went on); the `commit` column keeps each file's own.
    Files moved aside by ``--force`` (``*.json.old``) are not results.
    `all_machines` keeps the files of every machine of the chosen commit(s): a
    run whose jobs a cluster spread over several (identical) machines.
    """
    root = Path(root) if root is not None else default_root()
    if not root.is_dir():
        raise StoreError(f"results store {root} does not exist (run the harness, or pass --results DIR)")
    paths = sorted(p for p in root.glob(RESULT_GLOB) if p.is_file())
    if not paths:
        raise StoreError(f"results store {root} holds no result files "
                         "(<machine>/<commit>/<engine>/<suite>/<benchmark>.<metric>.json)")
    rows = [read_file(p) for p in paths]
    table = pd.DataFrame(rows, columns=COLUMNS)
    if machine is not None:
        table = table[table["machine"] == machine]
    commits = [c.strip() for c in commit.split(",") if c.strip()] if commit is not None else []
    if commits:
        table = table[table["commit"].isin(commits)]
    if table.empty:
        raise StoreError(f"results store {root} holds nothing for machine={machine} commit={commit}")
    if all_machines:
        if len(commits) > 1:
            return table.reset_index(drop=True)
        newest = table.groupby("commit")["timestamp"].max().sort_values().index[-1]
        return table[table["commit"] == newest].reset_index(drop=True)
    if len(commits) > 1:
        machines = table.groupby("machine")["timestamp"].max().sort_values()
        return table[table["machine"] == machines.index[-1]].reset_index(drop=True)
    pairs = table.groupby(["machine", "commit"])["timestamp"].max().sort_values()
    chosen_machine, chosen_commit = pairs.index[-1]
    table = table[(table["machine"] == chosen_machine) & (table["commit"] == chosen_commit)]
    return table.reset_index(drop=True)
