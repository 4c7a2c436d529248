"""The `launcher` fixture: the fivefold-python console script installed next to this Python."""

import sys
from pathlib import Path

import pytest

from realprograms_support import LAUNCHER


@pytest.fixture
def launcher() -> Path:
    if not LAUNCHER.exists():
        pytest.fail(f"the fivefold-python console script is not installed next to {sys.executable}")
    return LAUNCHER
