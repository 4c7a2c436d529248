"""Random programs (tests/random_programs.py) behave the same under CPython and fivefold.

~30 examples by default; FIVEFOLD_HYPOTHESIS_EXAMPLES=N runs N.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from differential import STAGES, compare, run_cpython, run_fivefold
from random_programs import programs

EXAMPLES = int(os.environ.get("FIVEFOLD_HYPOTHESIS_EXAMPLES", "30"))


@pytest.mark.parametrize("stage", STAGES, ids=[f"stage{s}" for s in STAGES])
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(source=programs())
def test_random_program_matches_cpython(stage, source):
    with tempfile.TemporaryDirectory(prefix="fivefold-random-") as tmp:
        path = Path(tmp) / "random_program.py"
        path.write_text(source, encoding="utf-8")
        expected = run_cpython(path)
        # The generator promises terminating, well-formed programs: exit 0, or 1 with a traceback.
        assert expected.exit_code in (0, 1), f"CPython: {expected}\n--- program ---\n{source}"
        assert "SyntaxError" not in expected.stderr, f"{expected.stderr}\n--- program ---\n{source}"
        actual = run_fivefold(path, stage=stage)
        diff = compare(expected, actual)
        if diff:
            pytest.fail(f"differs from CPython at stage {stage}:\n{diff}\n--- program ---\n{source}",
                        pytrace=False)
