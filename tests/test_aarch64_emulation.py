"""The emulated arm64 platform that `nox -s aarch64` tests the engine on.

Runs inside the emulated python (skipped elsewhere): it checks that the engine
tests beside it really ran on the aarch64 build, and on the CPU model the
session asked for, so that the QEMU_CPU=cortex-a72 (ARMv8.0) pass is not a
second run of the default CPU, which has every extension.
"""

from __future__ import annotations

import os
import platform
import shutil
import struct
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(platform.machine() != "aarch64",
                                reason="checks the aarch64 run (nox -s aarch64)")

AT_HWCAP = 16            # <elf.h>
HWCAP_ATOMICS = 1 << 8   # Linux arm64 <asm/hwcap.h>: LSE atomics, ARMv8.1 and later


def hwcap() -> int:
    # The auxiliary vector: (type, value) pairs of native unsigned longs.
    with open("/proc/self/auxv", "rb") as f:
        data = f.read()
    return dict(struct.iter_unpack("=QQ", data))[AT_HWCAP]


def test_the_engine_is_the_aarch64_build():
    from fivefold import _fivefold

    assert _fivefold.__file__.endswith(".cpython-311-aarch64-linux-gnu.so")


def test_commands_on_path_are_the_emulated_ones():
    # A test that runs `python` or `fivefold` from PATH must not get a host
    # (x86-64) one, such as the nox venv's, which comes first in nox's PATH.
    for name in ("python", "python3", "fivefold"):
        found = shutil.which(name)
        assert found is not None, name
        assert Path(found).parent == Path(sys.executable).parent, found


def test_cpu_model_is_the_one_asked_for():
    cpu = os.environ.get("QEMU_CPU")
    if cpu == "cortex-a72":
        assert not hwcap() & HWCAP_ATOMICS, "cortex-a72 is ARMv8.0: no LSE atomics"
    elif cpu == "max":
        assert hwcap() & HWCAP_ATOMICS
    else:
        pytest.skip(f"QEMU_CPU={cpu!r}: not a CPU model this test knows")

