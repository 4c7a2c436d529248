"""nox sessions: how the project is tested, benchmarked and checked.

`nox -s tests` is the test command README.md gives and CI runs.
"""

from __future__ import annotations

import os

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
def baseline(session: nox.Session) -> None:
    """pyperformance on CPython and on fivefold tier 0 with pyperf, side by side; writes
    docs/baseline.md and the table in stage1/README.md. A benchmark, not a test: it takes
    a while (pass e.g. `-- --only nbody,richards --processes 1` for a quick look)."""
    session.install(".")
    session.run("python", "-m", "fivefold.pyperformance_baseline", "--write-docs",
                "--out", "results/baseline", *session.posargs)


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
