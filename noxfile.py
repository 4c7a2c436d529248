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
