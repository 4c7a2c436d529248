"""The case-sampling pytest plugin of the AArch64 cortex-a72 pass (tools/aarch64/pytest_sample.py)."""

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]
# It tests a test-selection tool, not the engine: nothing to learn under qemu,
# where pytester's inner runs take ~50 s.
pytestmark = pytest.mark.host_only

TOOLS = Path(__file__).resolve().parent.parent / "tools" / "aarch64"

TESTS = """
import pytest

@pytest.mark.parametrize("i", range(10))
def test_many(i):
    pass

@pytest.mark.parametrize("i", range(2))
def test_few(i):
    pass

def test_plain():
    pass
"""


def run(pytester, *args):
    pytester.syspathinsert(TOOLS)
    pytester.makepyfile(test_cases=TESTS)
    # Inner runs without the heavy plugins the outer run has.
    return pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:xdist",
                              "-p", "pytest_sample", *args)


def test_keeps_cases_0_n_2n_of_each_test_and_every_plain_test(pytester):
    result = run(pytester, "--sample-cases=4", "-v")
    # test_many: 0, 4, 8; test_few: 0; test_plain.
    result.assert_outcomes(passed=5, deselected=8)
    result.stdout.fnmatch_lines(["*test_many[[]8[]] PASSED*", "*test_few[[]0[]] PASSED*"])


def test_default_runs_everything(pytester):
    run(pytester).assert_outcomes(passed=13)


def test_rejects_zero(pytester):
    result = run(pytester, "--sample-cases=0")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*--sample-cases must be 1 or more*"])
