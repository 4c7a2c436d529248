"""`fivefold venv DIR`: its bin/python runs programs (and -m pytest, and the child
processes they start) on fivefold, compared with plain python's output; bin/python3.X
stays the plain interpreter; with pip, bin/pip runs on fivefold (no network needed:
ensurepip's bundled wheel)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from runtime_support import clean_env

# host_only: under qemu-user (nox -s aarch64) the venv's interpreter is the arm64 ELF, which
# the kernel can only execute with binfmt_misc registered for qemu; CI's qemu-user set-up
# runs it through a host-side shell wrapper instead (docs/aarch64.md), so the venv's
# bin/python cannot be started there ("Exec format error").
pytestmark = pytest.mark.host_only

PROG = """
import subprocess, sys
def f():
    pass
print("on fivefold:", bool(f.__code__.co_flags & 0x20000000), sys.prefix == sys.argv[1])
if len(sys.argv) < 3:
    print(subprocess.run([sys.executable, __file__, sys.argv[1], "child"],
                         capture_output=True, text=True).stdout, end="")
"""

TEST_FILE = """
def double(x):
    return 2 * x

def test_double():
    assert double(21) == 42
    print("TEST ON FIVEFOLD", bool(double.__code__.co_flags & 0x20000000))
"""


def _run(cmd, cwd, **env):
    return subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=clean_env(cwd / "cache", **env), check=False)


def _make(tmp_path, *options):
    env_dir = tmp_path / "env"
    made = _run([sys.executable, "-m", "fivefold", "venv", *options, env_dir], tmp_path)
    assert made.returncode == 0, made.stderr
    return env_dir


def test_venv_python_runs_programs_and_pytest_on_fivefold(tmp_path):
    env_dir = _make(tmp_path, "--without-pip")
    bin_dir = env_dir / "bin"
    (tmp_path / "prog.py").write_text(PROG)
    ours = _run([bin_dir / "python", "prog.py", env_dir], tmp_path)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == "on fivefold: True True\non fivefold: True True\n"
    plain = _run([bin_dir / f"python{sys.version_info[0]}.{sys.version_info[1]}", "prog.py",
                  env_dir], tmp_path)
    assert plain.stdout == "on fivefold: False True\non fivefold: False True\n", plain.stderr
    # Interpreter options go through the launcher's re-execution of the plain interpreter.
    optimized = _run([bin_dir / "python3", "-O", "-c", "import sys; print(sys.flags.optimize)"],
                     tmp_path)
    assert optimized.stdout == "1\n", optimized.stderr

    (tmp_path / "test_tiny.py").write_text(TEST_FILE)
    args = ["-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "test_tiny.py"]
    tested = _run([bin_dir / "python", *args], tmp_path)
    assert "1 passed" in tested.stdout, tested.stdout + tested.stderr
    # pytest's assertion rewriting compiles the test module with CPython's compile();
    # with --assert=plain the module goes through fivefold's import hook.
    assert "TEST ON FIVEFOLD False" in tested.stdout
    plain_assert = _run([bin_dir / "python", *args, "--assert=plain"], tmp_path)
    assert "TEST ON FIVEFOLD True" in plain_assert.stdout, plain_assert.stdout


def test_venv_accelerate_all(tmp_path):
    env_dir = _make(tmp_path, "--without-pip", "--accelerate-all")
    code = "import json; print(bool(json.dumps.__code__.co_flags & 0x20000000))"
    assert _run([env_dir / "bin" / "python", "-c", code], tmp_path).stdout == "True\n"
    off = _run([env_dir / "bin" / "python", "-c", code], tmp_path, FIVEFOLD_ACCELERATE="x")
    assert off.stdout == "False\n"


@pytest.mark.slow  # ensurepip installs pip's bundled wheel (several seconds); no network
def test_venv_pip_runs_on_fivefold(tmp_path):
    env_dir = _make(tmp_path)
    bin_dir = env_dir / "bin"
    assert (bin_dir / "pip").read_text().startswith(f"#!{bin_dir / 'python'}\n")
    version = _run([bin_dir / "pip", "--version"], tmp_path)
    assert version.returncode == 0 and str(env_dir) in version.stdout, version.stderr
    listed = _run([bin_dir / "pip", "list", "--local", "--format=freeze"], tmp_path)
    assert listed.returncode == 0 and "pip==" in listed.stdout, listed.stderr
