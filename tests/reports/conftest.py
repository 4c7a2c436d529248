"""A real results store for the end-to-end report: pyperf run on CPython and on PyPy.

The runs are real (pyperf, few values: the point is the pipeline, not the
numbers) and the files are written in the layout docs/results-store.md gives,
with its metadata, as the harness will write them. PyPy is found as
$FIVEFOLD_PYPY, else `pypy3` if it imports pyperf, else a venv made from
`pypy3` with pyperf installed into it; without PyPy the "delivered" engine is
CPython run with -O (the test output says which).
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyperf
import pytest
from fivefold.model.synthetic_store import safe_engine

HERE = Path(__file__).parent
BENCHMARKS = {"loops": HERE / "benchmarks" / "bm_loops.py", "dicts": HERE / "benchmarks" / "bm_dicts.py"}
PYPERF_ARGS = ["--processes", "2", "--values", "3", "--warmups", "1", "--min-time", "0.01", "--quiet"]
MACHINE = "e2e-x86_64-00000000"
COMMIT = "e2e000000000"


def _imports_pyperf(python: str) -> bool:
    try:
        return subprocess.run([python, "-c", "import pyperf"], check=False, capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_pypy(cache: Path) -> str | None:
    env = os.environ.get("FIVEFOLD_PYPY")
    if env:
        return env if _imports_pyperf(env) else None
    system = shutil.which("pypy3")
    if not system:
        return None
    if _imports_pyperf(system):
        return system
    venv = cache / "pypy-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        made = subprocess.run([system, "-m", "venv", str(venv)], check=False, capture_output=True, timeout=300)
        # --no-deps: pyperf's psutil needs pypy3-dev to build; pyperf runs without it.
        if made.returncode != 0 or subprocess.run(
                [str(python), "-m", "pip", "install", "-q", "--no-deps", "pyperf"],
                check=False, capture_output=True, timeout=300).returncode != 0:
            return None
    return str(python) if _imports_pyperf(str(python)) else None


def _store(raw: Path, root: Path, engine: str, kind: str, metric: str, bench: str, python: str) -> Path:
    suite = pyperf.BenchmarkSuite.load(str(raw))
    (benchmark,) = suite.get_benchmarks()
    benchmark.update_metadata({
        "fivefold_engine": engine, "fivefold_engine_kind": kind, "fivefold_metric": metric,
        "fivefold_suite": "fivefold", "fivefold_benchmark": bench, "fivefold_weight": "1.0",
        "fivefold_commit": COMMIT, "fivefold_machine": MACHINE,
        "fivefold_timestamp": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "fivefold_implementation": kind, "fivefold_arch": "x86_64",
    })
    folder = root / MACHINE / COMMIT / safe_engine(engine) / "fivefold"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{bench}.{metric}.json"
    pyperf.BenchmarkSuite([benchmark]).dump(str(path), replace=True)
    return path


def run_engine(root: Path, work: Path, engine: str, kind: str, argv: list[str]) -> None:
    work.mkdir(parents=True, exist_ok=True)
    for bench, script in BENCHMARKS.items():
        for metric, extra in (("time", []), ("memory", ["--track-memory"])):
            raw = work / f"{engine}-{bench}-{metric}.json"
            subprocess.run([*argv, str(script), *PYPERF_ARGS, *extra, "-o", str(raw)],
                           check=True, capture_output=True, timeout=300)
            _store(raw, root, engine, kind, metric, bench, argv[0])
    raw = work / f"{engine}-startup.json"
    subprocess.run([sys.executable, "-m", "pyperf", "command", *PYPERF_ARGS, "--name", "startup",
                    "-o", str(raw), "--", *argv, "-c", "pass"], check=True, capture_output=True, timeout=300)
    _store(raw, root, engine, kind, "startup", "startup", argv[0])


@pytest.fixture(scope="session")
def real_store(tmp_path_factory):
    """(root, baseline engine, candidate engine): CPython against PyPy, really run."""
    base = tmp_path_factory.mktemp("real-store")
    root = base / "results"
    run_engine(root, base / "raw", "cpython", "cpython", [sys.executable])
    pypy = find_pypy(base)
    if pypy:
        run_engine(root, base / "raw", "pypy", "pypy", [pypy])
        candidate = "pypy"
    else:
        print("PyPy with pyperf not available: the delivered engine is CPython -O", file=sys.stderr)
        run_engine(root, base / "raw", "cpython-O", "cpython", [sys.executable, "-O"])
        candidate = "cpython-O"
    return root, "cpython", candidate
