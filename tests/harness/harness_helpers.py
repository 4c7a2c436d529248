"""Helpers of the harness tests: a tiny suite folder, quick pyperf options, the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

TINY = '''
import pyperf

def {name}():
    total = 0
    for i in range({n}):
        total += i
    return total

pyperf.Runner().bench_func("{name}", {name})
'''


def write_tiny_suite(folder: Path, names=("tiny_a", "tiny_b"), weights=None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        (folder / f"{name}.py").write_text(TINY.format(name=name, n=200 * (i + 1)))
    lines = ['name = "tiny"', "[weights]"]
    lines += [f"{k} = {v}" for k, v in (weights or {"tiny_b": 2.0}).items()]
    (folder / "suite.toml").write_text("\n".join(lines) + "\n")
    return folder



# pyperf options that keep a real run short: 1 worker process, 3 values, 1 warm-up.
QUICK = ["-p", "1", "-n", "3", "-w", "1"]


def fivefold(*args, env=None, timeout=300, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fivefold", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=timeout, **kw)
