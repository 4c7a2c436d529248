"""Running python, `fivefold run` and `fivefold-python` side by side (a module name of its
own: pytest's prepend import mode would mix up helpers named alike in other folders).

The environment is cleaned of what would make the runs differ from a user's
(PYTHONDONTWRITEBYTECODE and PYTHONUNBUFFERED, which the test machine may set, the
change selection and --accelerate patterns); the program cache goes to a folder of
the test's own (XDG_CACHE_HOME)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LAUNCHER = Path(sys.executable).parent / "fivefold-python"
DROPPED = ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PYTHONOPTIMIZE", "PYTHONWARNINGS",
           "PYTHONPATH", "PYTHONSAFEPATH", "FIVEFOLD_ACCELERATE", "FIVEFOLD_STAGE",
           "FIVEFOLD_WITHOUT", "FIVEFOLD_WITH")


def clean_env(cache: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in DROPPED}
    env["PYTHONHASHSEED"] = "0"
    env["XDG_CACHE_HOME"] = str(cache)
    env.update(extra)
    return env


def commands() -> dict[str, list[str]]:
    """The three ways to run a program: python itself and fivefold's two front ends."""
    return {"python": [sys.executable],
            "fivefold run": [sys.executable, "-m", "fivefold", "run"],
            "fivefold-python": [str(LAUNCHER)]}


def run(front: list[str], args, cwd: Path, cache: Path, stdin: str | None = None,
        **env) -> subprocess.CompletedProcess:
    return subprocess.run([*front, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          input=stdin, env=clean_env(cache, **env), timeout=120)


def run_all(args, cwd: Path, cache: Path, stdin: str | None = None, **env) -> dict:
    """{front end: CompletedProcess} for the same command line on each."""
    return {name: run(front, args, cwd, cache, stdin, **env)
            for name, front in commands().items()}
