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
def asan(session: nox.Session) -> None:
    """Build the extension with AddressSanitizer and UBSan, run the tests under them.

    The interpreter itself is not instrumented, so gcc's runtimes are preloaded;
    PYTHONMALLOC=malloc lets ASan see Python object memory. Leak detection is off
    because CPython leaks at exit. Any report fails the run (halt_on_error)."""
    import subprocess

    def runtime(name: str) -> str:
        path = subprocess.run(["gcc", f"-print-file-name={name}"], capture_output=True, text=True,
                              check=True).stdout.strip()
        if not os.path.isabs(path):
            session.error(f"gcc does not know where {name} is; install gcc's sanitizer runtimes")
        return path

    session.install(".[test]", "--config-settings=setup-args=-Db_sanitize=address,undefined",
                    "--config-settings=setup-args=-Db_lundef=false",
                    "--config-settings=setup-args=-Dbuildtype=debugoptimized")
    env = {
        "LD_PRELOAD": f"{runtime('libasan.so')} {runtime('libubsan.so')}",
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        "PYTHONMALLOC": "malloc",
    }
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    session.run("pytest", "-n", workers, "-p", "no:cacheprovider", *(session.posargs or ["tests"]), env=env)


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
