"""nox sessions: how the project is tested, benchmarked and checked.

`nox -s tests` is the test command README.md gives and CI runs.
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = True

PYTHON = "3.11"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Build and install fivefold, then run the whole test suite."""
    session.install(".[test]")
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    session.run("pytest", "-n", workers, *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """A quick benchmark run: our micro-benchmarks on this CPython, pyperf --fast.
    Anything after `--` replaces the arguments of `fivefold bench`."""
    session.install(".")
    args = session.posargs or ["--engines", "cpython", "--suite", "fivefold", "--fast"]
    session.run("fivefold", "bench", *args)


def _stage_session(session: nox.Session, stage: int) -> None:
    """Build the engine, run the stage's tests (tests/stageN/) and its quick
    benchmarks (the stage against the one before it, on our micro-benchmarks).
    A stage has code once tests/stageN/ exists; until then this says so."""
    tests = Path("tests") / f"stage{stage}"
    if not tests.is_dir():
        session.log(f"stage {stage} has no code yet ({tests}/ does not exist): nothing to do")
        return
    session.install(".[test]")
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    session.run("pytest", "-n", workers, str(tests))
    baseline = "cpython" if stage == 0 else f"fivefold:stage={stage - 1}"
    session.run("fivefold", "bench", "--engines", f"{baseline},fivefold:stage={stage}",
                "--suite", "fivefold", "--fast", *session.posargs)


for _stage in range(5):
    def _make(stage: int):
        def stage_session(session: nox.Session) -> None:
            _stage_session(session, stage)
        stage_session.__doc__ = f"Stage {stage}: build, run tests/stage{stage}/ and its quick benchmarks."
        return stage_session

    nox.session(python=PYTHON, name=f"stage{_stage}")(_make(_stage))
