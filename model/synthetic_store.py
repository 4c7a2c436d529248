"""Write result files in the store's documented layout from given sample values.

For tests with known answers and for demonstrations: the files are real pyperf
JSON (built with pyperf's own Run/Benchmark/BenchmarkSuite), in the path and
with the metadata docs/results-store.md documents, exactly what the harness
writes, so the reader is tested against the format and not against itself.
"""

from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path

import pyperf

UNITS = {"time": "second", "startup": "second", "memory": "byte",
         "instructions": "integer", "qemu-instructions": "integer"}

_UNSAFE = re.compile(r"[^A-Za-z0-9_.,=@+-]")


def safe_engine(spec: str) -> str:
    """The engine spec as a folder name (':' -> '@', others percent-encoded)."""
    text = spec.replace(":", "@")
    return _UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), text)


def engine_spec(kind: str, stage: int | None = None, with_: tuple = (), without: tuple = ()) -> str:
    if not kind.startswith("fivefold"):
        return kind
    parts = [f"stage={stage}"]
    if with_:
        parts.append("with=" + ",".join(with_))
    if without:
        parts.append("without=" + ",".join(without))
    return f"{kind}:{','.join(parts)}"


def write_result(root, *, engine: str, benchmark: str, values, metric: str = "time",
                 suite: str = "fivefold", kind: str | None = None, stage: int | None = None,
                 changes=(), weight: float = 1.0, machine: str = "testhost-x86_64-00000000",
                 commit: str = "0123456789ab", timestamp: str | None = None,
                 extra_metadata: dict | None = None) -> Path:
    """Write one file; return its path."""
    kind = kind or engine.split(":")[0]
    timestamp = timestamp or _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    metadata = {
        "name": benchmark,
        "unit": UNITS[metric],
        "fivefold_engine": engine,
        "fivefold_engine_kind": kind,
        "fivefold_stage": "" if stage is None else str(stage),
        "fivefold_changes": ",".join(sorted(changes)),
        "fivefold_metric": metric,
        "fivefold_suite": suite,
        "fivefold_benchmark": benchmark,
        "fivefold_weight": repr(float(weight)),
        "fivefold_commit": commit,
        "fivefold_machine": machine,
        "fivefold_timestamp": timestamp,
    }
    metadata.update(extra_metadata or {})
    # pyperf refuses empty metadata values; the documented "empty" is an absent key.
    metadata = {k: v for k, v in metadata.items() if v != ""}
    run = pyperf.Run([float(v) for v in values], metadata=metadata, collect_metadata=False)
    suite_obj = pyperf.BenchmarkSuite([pyperf.Benchmark([run])])
    folder = Path(root) / machine / commit / safe_engine(engine) / suite
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{benchmark}.{metric}.json"
    tmp = path.with_name(path.name + ".tmp")
    suite_obj.dump(str(tmp), replace=True)
    tmp.replace(path)
    return path
