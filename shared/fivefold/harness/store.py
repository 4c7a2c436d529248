"""The results store: one pyperf JSON per measurement (docs/results-store.md).

    <root>/<machine>/<commit>/<engine>/<suite>/<benchmark>.<metric>.json

Files are written to a temporary name in the same folder and renamed into place,
so a killed run leaves either the old state or the complete new file, never half
a file. An existing file is never replaced silently: `write` refuses, unless
`force`, which first moves the old file aside to `<name>.<timestamp>.json.old`.
`index.csv` is derived from the files and rebuilt on demand.

A file that cannot be read (truncated, hand-edited, not pyperf JSON) is named in
a one-line warning on stderr and skipped: every readable result still counts,
and a run re-measures what the bad file held (moving it aside like `force`).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pyperf

DEFAULT_ROOT = "results"
INDEX_NAME = "index.csv"

# Metadata every stored benchmark carries (docs/results-store.md), in index order.
METADATA_KEYS = (
    "fivefold_engine", "fivefold_engine_kind", "fivefold_stage", "fivefold_changes",
    "fivefold_metric", "fivefold_suite", "fivefold_benchmark", "fivefold_weight",
    "fivefold_commit", "fivefold_machine", "fivefold_arch", "fivefold_cpu",
    "fivefold_python_version", "fivefold_implementation", "fivefold_build_options",
    "fivefold_timestamp",
    # Which suite entry (script) made the file and every benchmark that script
    # makes: a script such as pyperformance's scimark yields several benchmarks,
    # and resume needs to know when all of them are stored.
    "fivefold_entry", "fivefold_entry_benchmarks",
    # Which engine made it whatever the commit folder says (fivefold's version
    # and a hash of its sources), and how busy the machine was (1-minute load).
    "fivefold_version", "fivefold_source", "fivefold_load",
)
STAT_COLUMNS = ("path", "n_values", "mean", "median", "stdev")

_UNSAFE = re.compile(r"[^A-Za-z0-9_.,=@+-]")


def safe_name(text: str) -> str:
    """An engine spec or a name made filesystem-safe: ':' becomes '@', other
    characters outside [A-Za-z0-9_.,=@+-] are percent-encoded."""
    text = text.replace(":", "@")
    return _UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), text)


class StoreConflict(FileExistsError):
    """A result file exists already and `force` was not given."""


@dataclass(frozen=True)
class Key:
    """Where one measurement lives."""

    machine: str
    commit: str
    engine: str        # the spec as typed, e.g. "fivefold:stage=1"
    suite: str
    benchmark: str
    metric: str

    def relpath(self) -> Path:
        return (Path(safe_name(self.machine)) / safe_name(self.commit) / safe_name(self.engine)
                / safe_name(self.suite) / f"{safe_name(self.benchmark)}.{safe_name(self.metric)}.json")


def warn_on_stderr(text: str) -> None:
    print(text, file=sys.stderr)


class Store:
    def __init__(self, root: str | os.PathLike | None = None, warn=warn_on_stderr):
        self.root = Path(root or os.environ.get("FIVEFOLD_RESULTS") or DEFAULT_ROOT)
        self._warn = warn
        self._warned: set[Path] = set()

    def _read(self, path: Path) -> pyperf.Benchmark | None:
        """The stored benchmark, or None (warned about once) if the file is unreadable."""
        try:
            bench = _load(path)
            if not bench.get_values():
                raise ValueError("no sample values")
            return bench
        except Exception as exc:  # pyperf: JSONDecodeError, KeyError, TypeError... on bad files
            if path not in self._warned:
                self._warned.add(path)
                reason = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
                self._warn(f"fivefold: warning: skipping unreadable result file {path}: {reason}")
            return None

    def readable(self, key: Key) -> bool:
        """Whether the file for `key` exists and can be read."""
        return self.has(key) and self._read(self.path(key)) is not None

    # -- writing ----------------------------------------------------------

    def path(self, key: Key) -> Path:
        return self.root / key.relpath()

    def has(self, key: Key) -> bool:
        return self.path(key).is_file()

    def write(self, key: Key, benchmark: pyperf.Benchmark, force: bool = False) -> Path:
        """Store one benchmark atomically; refuse to replace a stored one unless `force`."""
        target = self.path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        suite = pyperf.BenchmarkSuite([benchmark])
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            tmp.unlink()  # pyperf refuses to dump over an existing file
            suite.dump(str(tmp), compact=True)
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
            if target.exists():
                if not force:
                    raise StoreConflict(f"{target} exists; pass --force to move it aside and re-measure")
                stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
                os.replace(target, target.with_name(f"{target.name[:-len('.json')]}.{stamp}.json.old"))
            # os.link fails if the target appeared meanwhile (another run): no silent overwrite.
            try:
                os.link(tmp, target)
            except FileExistsError:
                raise StoreConflict(f"{target} was written by another run meanwhile") from None
            except OSError:
                # A filesystem without hard links: rename, after the check above.
                os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
        return target

    def entry_done(self, key: Key, entry: str) -> bool:
        """Whether every benchmark the suite entry `entry` makes is stored for `key`
        (key.benchmark is ignored). Unknown until the entry ran once."""
        folder = self.path(key).parent
        if not folder.is_dir():
            return False
        suffix = f".{safe_name(key.metric)}.json"
        for path in folder.glob(f"*{suffix}"):
            bench = self._read(path)
            meta = bench.get_metadata() if bench is not None else {}
            if meta.get("fivefold_entry") == entry:
                names = [n for n in meta.get("fivefold_entry_benchmarks", "").split(",") if n]
                return all(self._read(folder / f"{safe_name(n)}{suffix}") is not None
                           for n in names or [meta["fivefold_benchmark"]])
        return False

    # -- reading ------------------------------------------------------------

    def files(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        return sorted(self.root.glob("*/*/*/*/*.json"))

    def index(self):
        """One row per stored file: the fivefold metadata, then path and statistics."""
        import pandas as pd

        rows = []
        for path in self.files():
            bench = self._read(path)
            if bench is None:
                continue
            meta = bench.get_metadata()
            values = bench.get_values()
            row = {k: str(meta.get(k, "")) for k in METADATA_KEYS}
            row.update(path=str(path), n_values=len(values), mean=statistics.fmean(values),
                       median=statistics.median(values),
                       stdev=statistics.stdev(values) if len(values) > 1 else 0.0)
            rows.append(row)
        return pd.DataFrame(rows, columns=[*METADATA_KEYS, *STAT_COLUMNS])

    def values(self, row_or_path) -> list[float]:
        """All sample values of one stored file (warm-ups excluded)."""
        path = row_or_path if isinstance(row_or_path, (str, os.PathLike)) else row_or_path["path"]
        return list(_load(Path(path)).get_values())

    def benchmark(self, row_or_path) -> pyperf.Benchmark:
        path = row_or_path if isinstance(row_or_path, (str, os.PathLike)) else row_or_path["path"]
        return _load(Path(path))

    def write_index(self) -> Path:
        """Rebuild index.csv from the files (atomically, like every other file)."""
        frame = self.index()
        self.root.mkdir(parents=True, exist_ok=True)
        target = self.root / INDEX_NAME
        fd, tmp = tempfile.mkstemp(prefix=".index.", suffix=".tmp", dir=self.root)
        with os.fdopen(fd, "w", newline="") as f:
            frame.to_csv(f, index=False)
        os.replace(tmp, target)
        return target


def _load(path: Path) -> pyperf.Benchmark:
    suite = pyperf.BenchmarkSuite.load(str(path))
    benchmarks = suite.get_benchmarks()
    if len(benchmarks) != 1:
        raise ValueError(f"{path}: a stored file holds one benchmark, not {len(benchmarks)}")
    return benchmarks[0]
