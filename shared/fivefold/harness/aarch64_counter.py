"""Guest instruction counts of a Python program run as arm64 code under qemu.

The metric of the `fivefold-aarch64` engine. Under emulation wall time says
nothing about arm64 hardware (qemu translates each block of guest code into
host code, and its speed depends on the host), but the number of arm64
instructions a program executes is exact and repeatable, so the gain of one
change can be compared on both architectures.

The counts come from tools/aarch64/insncount.c, a qemu TCG plugin, run on the
emulated CPython 3.11 that tools/aarch64/setup.sh sets up (under
$FIVEFOLD_ARM64_ROOT, default /opt/fivefold-arm64). Interpreter start-up costs
about 21 million instructions, so `count_guest_instructions` reports the
difference between the program's run and a baseline run that does nothing.

    >>> count_guest_instructions(["-c", "sum(range(10**5))"])   # doctest: +SKIP
    13627374
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# The metric's name and pyperf unit in the results store (docs/results-store.md).
METRIC = "qemu-instructions"
UNIT = "integer"
DEFAULT_ROOT = "/opt/fivefold-arm64"
# What a baseline run executes: nothing, on an interpreter started the same way.
EMPTY_RUN = ("-c", "pass")


class Arm64SetupMissing(RuntimeError):
    """The arm64 set-up (emulated python, plugin) is not there: run tools/aarch64/setup.sh."""


class GuestRunFailed(RuntimeError):
    """The program under emulation exited with a non-zero status."""


@dataclasses.dataclass(frozen=True)
class Arm64Setup:
    """Where tools/aarch64/setup.sh put the emulated python and the plugin."""

    root: Path

    @property
    def python(self) -> Path:
        # A host script that runs the venv's arm64 python3.11 under qemu-aarch64.
        return self.root / "venv" / "bin" / "python"

    @property
    def plugin(self) -> Path:
        return self.root / "plugin" / "libinsncount.so"

    @classmethod
    def find(cls, root: str | os.PathLike[str] | None = None) -> Arm64Setup:
        """The set-up at `root`, else $FIVEFOLD_ARM64_ROOT, else /opt/fivefold-arm64."""
        setup = cls(Path(root or os.environ.get("FIVEFOLD_ARM64_ROOT") or DEFAULT_ROOT))
        for path in (setup.python, setup.plugin):
            if not path.exists():
                raise Arm64SetupMissing(
                    f"{path} is missing: run tools/aarch64/setup.sh "
                    f"(with FIVEFOLD_ARM64_ROOT={setup.root}) first")
        return setup


@dataclasses.dataclass(frozen=True)
class CountedRun:
    """One command run under the counting plugin."""

    cmd: tuple[str, ...]
    instructions: int          # guest instructions, summed over every emulated process
    processes: int             # how many emulated processes reported a count
    returncode: int
    stdout: str
    stderr: str


def count_command(cmd: list[str] | tuple[str, ...], env: dict[str, str] | None = None,
                  cwd: str | os.PathLike[str] | None = None, *,
                  setup: Arm64Setup | None = None, exact: bool = True) -> CountedRun:
    """Run `cmd` with the counting plugin in every qemu-aarch64 it starts.

    `cmd` is any host command that ends up running the emulated python (the
    venv's bin/python, or an engine's wrapper script around it); `env` is its
    whole environment (default: this process's). The plugin goes in through
    QEMU_PLUGIN, which every emulated process inherits, so children started
    from sys.executable are counted and summed too. Host processes (shells,
    qemu itself) are not counted. `exact=False` counts whole translation
    blocks: a little faster, a little high when a block is left early.
    """
    setup = setup or Arm64Setup.find()
    with tempfile.TemporaryDirectory(prefix="fivefold-insns-") as tmp:
        counts_file = Path(tmp) / "insns.txt"
        if "," in str(counts_file):  # qemu splits plugin arguments at commas
            raise ValueError(f"temporary folder {tmp!r} has a comma; set TMPDIR")
        plugin_args = [str(setup.plugin), f"outfile={counts_file}", f"exact={'on' if exact else 'off'}"]
        full_env = {**(os.environ if env is None else env), "QEMU_PLUGIN": ",".join(plugin_args)}
        # check=False: a failing program is reported by the callers, with its stderr.
        proc = subprocess.run(list(cmd), env=full_env, cwd=cwd,
                              capture_output=True, text=True, check=False)
        counts = _read_counts(counts_file) if counts_file.exists() else []
    if not counts:
        raise GuestRunFailed(f"no instruction count from {list(cmd)} (exit status "
                             f"{proc.returncode}): does it run the emulated python? "
                             f"stderr:\n{proc.stderr}")
    return CountedRun(tuple(cmd), sum(counts), len(counts), proc.returncode,
                      proc.stdout, proc.stderr)


def run_counted(argv: list[str] | tuple[str, ...], env: dict[str, str] | None = None,
                *, setup: Arm64Setup | None = None, cwd: str | os.PathLike[str] | None = None,
                exact: bool = True) -> CountedRun:
    """Run `python *argv` as arm64 code and count the instructions it executes.

    `argv` are the emulated python's arguments (["prog.py"], ["-m", "fivefold",
    "run", "prog.py"], ["-c", "..."]); `env` is added to this process's
    environment. PYTHONHASHSEED defaults to 0, because string hashes steer dict
    and set layout and with them the count.
    """
    setup = setup or Arm64Setup.find()
    full_env = {**os.environ, "PYTHONHASHSEED": "0", **(env or {})}
    return count_command([str(setup.python), *argv], full_env, cwd, setup=setup, exact=exact)


@dataclasses.dataclass(frozen=True)
class QemuPluginCounter:
    """The shape of fivefold.harness.counters.Counter, for the harness's
    instruction metric on `fivefold-aarch64` engines: `count(cmd, env, cwd)` is
    the instructions of `cmd` and the processes it starts (the metric
    differences a 1-loop and a 2-loop run itself)."""

    name: str = "qemu-plugin"
    root: str | None = None    # default: $FIVEFOLD_ARM64_ROOT, else /opt/fivefold-arm64

    def available(self) -> str | None:
        """None when usable, else why not."""
        try:
            Arm64Setup.find(self.root)
        except Arm64SetupMissing as exc:
            return str(exc)
        return None

    def count(self, cmd: list[str], env: dict[str, str], cwd: str | os.PathLike[str] | None = None) -> int:
        run = count_command(cmd, env, cwd, setup=Arm64Setup.find(self.root))
        if run.returncode != 0:
            raise GuestRunFailed(f"{' '.join(cmd[:3])} ... exited with status {run.returncode} "
                                 f"under emulation:\n{(run.stdout + run.stderr)[-3000:]}")
        return run.instructions


def _read_counts(path: Path) -> list[int]:
    counts = []
    for line in path.read_text().splitlines():
        label, _, value = line.partition(":")
        if label != "insns" or not value.strip().isdigit():
            raise ValueError(f"{path}: unexpected plugin output line {line!r}")
        counts.append(int(value))
    return counts


def count_guest_instructions(argv: list[str] | tuple[str, ...], env: dict[str, str] | None = None,
                             *, baseline: list[str] | tuple[str, ...] = EMPTY_RUN,
                             setup: Arm64Setup | None = None,
                             cwd: str | os.PathLike[str] | None = None) -> int:
    """Guest instructions of `python *argv` under qemu-aarch64, less a baseline run.

    The baseline (by default `python -c pass`, in the same environment)
    removes interpreter start-up and shut-down; for a fivefold program pass
    the same command on an empty program to remove fivefold's own start-up
    too. A failing program raises GuestRunFailed with its stderr, never a count.
    """
    setup = setup or Arm64Setup.find()
    runs = [run_counted(args, env, setup=setup, cwd=cwd) for args in (argv, baseline)]
    for run in runs:
        if run.returncode != 0:
            raise GuestRunFailed(f"{' '.join(run.cmd)} exited with status "
                                 f"{run.returncode} under emulation; stderr:\n{run.stderr}")
    return runs[0].instructions - runs[1].instructions


def main(argv: list[str] | None = None) -> int:
    """`python -m fivefold.harness.aarch64_counter [--baseline ARGS] -- PYTHON-ARGS`: print the count."""
    parser = argparse.ArgumentParser(
        prog="python -m fivefold.harness.aarch64_counter",
        description="Count the arm64 instructions that the emulated python executes for "
                    "PYTHON-ARGS, less those of a baseline run (default: -c pass).")
    parser.add_argument("--baseline", default=" ".join(EMPTY_RUN),
                        help="the baseline's python arguments, split at spaces (default: %(default)r)")
    parser.add_argument("python_args", nargs="+", metavar="PYTHON-ARGS",
                        help="arguments of the emulated python, e.g. prog.py or -m fivefold run prog.py")
    args = parser.parse_args(argv)
    try:
        count = count_guest_instructions(args.python_args, baseline=args.baseline.split())
    except (Arm64SetupMissing, GuestRunFailed) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
