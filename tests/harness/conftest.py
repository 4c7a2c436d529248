"""Fixtures of the harness tests: a tiny suite folder, an isolated cache."""

from __future__ import annotations

import pytest
from harness_helpers import write_tiny_suite


@pytest.fixture
def tiny_suite(tmp_path):
    return write_tiny_suite(tmp_path / "tiny_suite")


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path, monkeypatch):
    """Wrappers and venvs of tests go to a temporary cache, except the PyPy venv
    (slow to make) which tests share through FIVEFOLD_TEST_CACHE when set."""
    monkeypatch.setenv("FIVEFOLD_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("FIVEFOLD_MACHINE", "testhost-x86_64-00000000")
    monkeypatch.setenv("FIVEFOLD_COMMIT", "0123456789ab")

