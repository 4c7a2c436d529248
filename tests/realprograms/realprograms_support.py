"""Helpers for the real-programs tests (a module name of its own: several test folders have
a conftest.py, and pytest's prepend import mode would mix up `from conftest import`).

They run `fivefold run`, the launcher and CPython as subprocesses, in a temporary program
directory, with bytecode writing allowed (the environment may set PYTHONDONTWRITEBYTECODE;
these tests need the cache written)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

LAUNCHER = Path(sys.executable).parent / "fivefold-python"


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "FIVEFOLD_ACCELERATE", "PYTHONPATH")}
    env["PYTHONHASHSEED"] = "0"
    env.update(extra)
    return env


def run(cmd, cwd, stdin=None, **env) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          input=stdin, env=clean_env(**env), timeout=120)


def fivefold(*args, cwd, stdin=None, **env):
    return run([sys.executable, "-m", "fivefold", "run", *args], cwd, stdin, **env)


def cpython(*args, cwd, stdin=None, **env):
    return run([sys.executable, *args], cwd, stdin, **env)


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
