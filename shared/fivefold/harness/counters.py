"""Instruction counters: run a command under a tool that counts the instructions
it executes. Exact and nearly noise-free, so a per-change gain too small for wall
time on a shared machine still shows.

`Cachegrind` is valgrind's cachegrind without cache simulation (x86-64 and
native AArch64). `qemu-plugin` (fivefold.harness.aarch64_counter.QemuPluginCounter)
counts the guest instructions of `fivefold-aarch64` engines under qemu.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fivefold.harness.aarch64_counter import QemuPluginCounter


class CounterError(Exception):
    pass


@dataclass(frozen=True)
class Counter:
    name: str

    def available(self) -> str | None:
        """None when usable, else why not."""
        raise NotImplementedError

    def count(self, cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> int:
        """Instructions executed by `cmd` (and the processes it execs)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Cachegrind(Counter):
    name: str = "cachegrind"
    valgrind: str = "valgrind"

    def available(self) -> str | None:
        if shutil.which(self.valgrind) is None:
            return "valgrind is not installed (Debian: apt-get install valgrind)"
        return None

    def count(self, cmd, env, cwd=None) -> int:
        with tempfile.TemporaryDirectory(prefix="fivefold-cg-") as tmp:
            # One output file per process: an engine wrapper (/bin/sh) execs the
            # launcher, and valgrind follows it with --trace-children. The sum
            # counts both; the shell's share is small and the same every run.
            prefix = [self.valgrind, "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                      f"--cachegrind-out-file={tmp}/cg.%p", "--log-file=" + f"{tmp}/log.%p"]
            proc = subprocess.run(prefix + list(cmd), env=env, cwd=cwd, capture_output=True, text=True)
            if proc.returncode != 0:
                logs = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("log.*"))
                raise CounterError(f"{' '.join(cmd[:3])} ... failed under valgrind (exit {proc.returncode}):\n"
                                   f"{(proc.stdout + proc.stderr + logs)[-3000:]}")
            total = 0
            for path in Path(tmp).glob("cg.*"):
                match = re.search(r"^summary:\s+(\d+)", path.read_text(), re.M)
                if not match:
                    raise CounterError(f"no summary line in cachegrind output {path}")
                total += int(match.group(1))
            if total == 0:
                raise CounterError("cachegrind wrote no counts")
            return total


COUNTERS: dict[str, Counter] = {"cachegrind": Cachegrind()}
# Same count(cmd, env, cwd) shape; it lives beside the arm64 tooling it drives.
COUNTERS["qemu-plugin"] = QemuPluginCounter()


def deterministic_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """Hash randomization changes dict and set layouts, hence the work done:
    counts are taken with a fixed seed."""
    env = dict(os.environ if base is None else base)
    env["PYTHONHASHSEED"] = "0"
    return env
