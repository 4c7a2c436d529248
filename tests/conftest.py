"""Shared pytest setup: make the test helpers (differential.py, random_programs.py) importable
whatever pytest's import mode."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
