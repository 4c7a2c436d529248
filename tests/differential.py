"""Run one program under CPython and under fivefold and compare what a user sees.

What must match: stdout, stderr (which holds the uncaught exception's traceback
with its file/line/function/source/caret lines, SyntaxError reports and
warnings) and the exit code.

Programs live in tests/programs/<topic>/<name>.py. Files whose name starts with
"_" and anything deeper than one folder (packages used by import tests) are
helpers, not programs. A program may start with header comments:

    # fivefold: args=a b c          command-line arguments (shell-split)
    # fivefold: exit=1              CPython's expected exit code (default 0)
    # fivefold: xfail=<reason>      fivefold is known to differ, at every stage
    # fivefold: xfail@2=<reason>    ... only at stage 2
"""

from __future__ import annotations

import difflib
import functools
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

PROGRAMS_DIR = Path(__file__).parent / "programs"
SYNTAX_ERRORS_DIR = PROGRAMS_DIR / "syntax_errors"

def _stages_with_code() -> list[int]:
    """Tier 0 and every stage that registers a change: a stage is in the corpus
    as soon as its package registers one, with no edit here."""
    from fivefold import changes as registry

    registry.load_stages()
    return [0, *registry.stages_with_changes()]


# Stages the corpus runs at.
STAGES = _stages_with_code()


@functools.lru_cache(maxsize=None)
def stage_environment(stage: int) -> dict[str, str]:
    """What the corpus sets to run a stage. A stage whose changes are all off by
    default (stage 3 while its traces are only recorded) would otherwise run as the
    stage before it: the corpus runs it with all of them on. From stage 3 on, every
    loop is hot after one back edge (FIVEFOLD_HOT_LOOP=1), so that every loop of the
    corpus is recorded (issue 14's correctness item)."""
    from fivefold import changes as registry

    registry.load_stages()
    env = {}
    own = [c for c in registry.all_changes() if c.stage == stage]
    if own and not any(c.on_by_default for c in own):
        env["FIVEFOLD_WITH"] = ",".join(c.id for c in own)
    if stage >= 3:
        env["FIVEFOLD_HOT_LOOP"] = "1"
    return env


# Seconds one run may take; fivefold gets more because tier 0 is a plain interpreter.
CPYTHON_TIMEOUT = 30
FIVEFOLD_TIMEOUT = 120


@dataclass(frozen=True)
class Result:
    """What a user sees of one run."""

    stdout: str
    stderr: str
    exit_code: int


@dataclass
class Spec:
    """A program's header: its arguments, expected exit code and known differences."""

    args: list[str] = field(default_factory=list)
    exit_code: int = 0
    xfail: dict[int | None, str] = field(default_factory=dict)  # stage (None = all) -> reason

    def xfail_reason(self, stage: int) -> str | None:
        return self.xfail.get(stage) or self.xfail.get(None)


def read_spec(path: Path) -> Spec:
    """Parse the `# fivefold: key=value` lines at the top of a program."""
    spec = Spec()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("# fivefold:"):
            break
        key, sep, value = line.removeprefix("# fivefold:").strip().partition("=")
        value = value.strip()
        if not sep:
            raise ValueError(f"{path}: header {line!r} is not key=value")
        if key == "args":
            spec.args = shlex.split(value)
        elif key == "exit":
            spec.exit_code = int(value)
        elif key == "xfail" or key.startswith("xfail@"):
            if not value:
                raise ValueError(f"{path}: xfail needs a written reason")
            stage = int(key.removeprefix("xfail@")) if "@" in key else None
            spec.xfail[stage] = value
        else:
            raise ValueError(f"{path}: unknown header key {key!r}")
    return spec


def collect_programs(root: Path = PROGRAMS_DIR) -> list[Path]:
    """Every program of the corpus (syntax errors excluded), sorted."""
    return sorted(
        p for p in root.glob("*/*.py")
        if not p.name.startswith("_") and p.parent != SYNTAX_ERRORS_DIR
    )


def collect_syntax_errors() -> list[Path]:
    return sorted(SYNTAX_ERRORS_DIR.glob("*.py"))


def program_id(path: Path) -> str:
    return path.relative_to(PROGRAMS_DIR).as_posix()


def _environment(env: dict[str, str] | None, stage: int | None) -> dict[str, str]:
    environ = dict(os.environ)
    environ.update(env or {})
    # Same hash order on both sides, no __pycache__ in the corpus, UTF-8 output.
    environ.update(PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    for name in ("PYTHONWARNINGS", "PYTHONDEVMODE", "PYTHONSTARTUP", "PYTHONINSPECT"):
        environ.pop(name, None)
    if stage is None:
        environ.pop("FIVEFOLD_STAGE", None)
    else:
        environ["FIVEFOLD_STAGE"] = str(stage)
        for name, value in stage_environment(stage).items():
            if name not in (env or {}):   # the caller's own setting wins
                environ[name] = value
    return environ


def _run(command: list[str], path: Path, env: dict[str, str], timeout: float) -> Result:
    # The program runs from its own folder under its bare name, so tracebacks and
    # warnings name it the same way whatever the checkout location.
    try:
        proc = subprocess.run(command, cwd=path.parent, env=env, capture_output=True,
                              timeout=timeout, encoding="utf-8", errors="backslashreplace")
    except subprocess.TimeoutExpired as exc:
        def text(data):
            return data.decode("utf-8", "backslashreplace") if isinstance(data, bytes) else data or ""
        return Result(text(exc.stdout), text(exc.stderr) + f"\n<timed out after {timeout} s>",
                      -9999)
    return Result(proc.stdout, proc.stderr, proc.returncode)


def run_cpython(path: Path, args: list[str] = (), env: dict[str, str] | None = None) -> Result:
    command = [sys.executable, path.name, *args]
    return _run(command, path, _environment(env, None), CPYTHON_TIMEOUT)


@functools.lru_cache(maxsize=None)
def run_cpython_cached(path: Path, args: tuple[str, ...]) -> Result:
    """CPython's result does not depend on the stage: run it once per test process."""
    return run_cpython(path, list(args))


def run_fivefold(path: Path, args: list[str] = (), env: dict[str, str] | None = None,
                 stage: int = 0) -> Result:
    command = [sys.executable, "-m", "fivefold", "run", path.name, *args]
    return _run(command, path, _environment(env, stage), FIVEFOLD_TIMEOUT)


def _diff(name: str, expected: str, actual: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(keepends=True),
                                 actual.splitlines(keepends=True),
                                 fromfile=f"{name} (cpython)", tofile=f"{name} (fivefold)")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def compare(cpython: Result, fivefold: Result) -> str | None:
    """None when the runs agree, else a readable report of every difference."""
    parts = []
    if cpython.exit_code != fivefold.exit_code:
        parts.append(f"exit code: cpython {cpython.exit_code}, fivefold {fivefold.exit_code}\n")
    if cpython.stdout != fivefold.stdout:
        parts.append(_diff("stdout", cpython.stdout, fivefold.stdout))
    if cpython.stderr != fivefold.stderr:
        parts.append(_diff("stderr", cpython.stderr, fivefold.stderr))
    return "".join(parts) or None


def assert_same_with_change(path: Path, change: str, setting: str, stage: int = 2) -> Result:
    """A change's switch test: `path` prints the same under CPython as at `stage`
    with `change` on (setting "on") or switched off ("off": FIVEFOLD_WITHOUT).
    Returns CPython's result, for the test's own checks of what the program did."""
    env = None
    if setting == "off":
        env = {"FIVEFOLD_WITHOUT": change}
        own = stage_environment(stage).get("FIVEFOLD_WITH")
        if own:   # the stage's run switches its changes on: all but this one
            env["FIVEFOLD_WITH"] = ",".join(i for i in own.split(",") if i != change)
    expected = run_cpython(path, [])
    diff = compare(expected, run_fivefold(path, [], stage=stage, env=env))
    assert diff is None, diff
    return expected
