"""The installed package has the layout docs/architecture.md describes."""

import subprocess
import sys

import fivefold


def test_extension_imports():
    from fivefold import _fivefold

    assert _fivefold.__name__ == "fivefold._fivefold"


def test_stage_packages_are_subpackages():
    import fivefold.model
    import fivefold.reports
    import fivefold.stage1
    import fivefold.stage4

    assert fivefold.stage1.__name__ == "fivefold.stage1"


def test_bad_command_line_exits_2():
    proc = subprocess.run([sys.executable, "-m", "fivefold", "no-such-command"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "invalid choice" in proc.stderr
    assert fivefold.__version__


def test_readme_example_runs_like_cpython():
    """README's first command runs examples/nbody.py on fivefold: same output as CPython."""
    import pathlib

    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "nbody.py"
    expected = subprocess.run([sys.executable, str(example), "300"], capture_output=True, text=True)
    got = subprocess.run([sys.executable, "-m", "fivefold", "run", str(example), "300"],
                         capture_output=True, text=True)
    assert expected.returncode == 0 and "energy after 300 steps" in expected.stdout
    assert (got.stdout, got.stderr, got.returncode) == (expected.stdout, expected.stderr, 0)
