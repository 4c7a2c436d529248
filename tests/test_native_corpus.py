"""The corpus programs for constructs fivefold compiles natively run with zero fallbacks.

tests/test_differential.py shows these programs behave like CPython; that alone
would also pass if they silently ran on CPython through the per-function
fallback. Here `fivefold run --stats` must report that every code unit of the
program was compiled by fivefold: "N code units compiled, 0 fell back".
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from differential import PROGRAMS_DIR, _environment, program_id

# The programs of the constructs made native, by glob under tests/programs/.
NATIVE = ["match/*.py", "fallback/match_*.py",
          "async/*.py", "fallback/async_*.py", "fallback/asyncio_*.py", "fallback/coroutine_*.py",
          "fallback/manual_coroutine_stepping.py", "fallback/mixed_async_and_generators.py",
          "except_star/*.py", "fallback/except_star*.py"]

STATS_LINE = re.compile(r"^fivefold: (\d+) code units compiled, (\d+) fell back to CPython$",
                        re.MULTILINE)


def _programs():
    found = sorted({p for pattern in NATIVE for p in PROGRAMS_DIR.glob(pattern)})
    return [p for p in found if not p.name.startswith("_")]


def test_every_glob_finds_programs():
    for pattern in NATIVE:
        assert list(PROGRAMS_DIR.glob(pattern)), pattern


@pytest.mark.parametrize("path", _programs(), ids=program_id)
def test_program_runs_without_fallback(path):
    proc = subprocess.run([sys.executable, "-m", "fivefold", "run", "--stats", path.name],
                          cwd=path.parent, env=_environment(None, 0), capture_output=True,
                          encoding="utf-8", errors="backslashreplace", timeout=120,
                          check=False)
    found = STATS_LINE.findall(proc.stderr)
    assert found, f"no --stats report in stderr:\n{proc.stderr[-2000:]}"
    compiled, fell_back = map(int, found[-1])
    fallbacks = [line for line in proc.stderr.splitlines() if "fallback:" in line]
    assert fell_back == 0, f"{program_id(path)} fell back: {fallbacks}"
    assert compiled > 0
