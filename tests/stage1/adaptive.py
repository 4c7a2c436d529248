"""Helpers for stage 1's tests: compile source with fivefold in this process,
run it, and look at the quickened instructions (in the style of CPython's
test_opcache: "after N calls this instruction is BINARY_OP_ADD_INT")."""

from __future__ import annotations

import os
import subprocess
import sys

from fivefold import _fivefold, compiler
from fivefold.runtime import disassembler

STAGE1_ON = bool(_fivefold.enabled_changes())


def load(source: str, name: str = "stage1_test") -> dict:
    """Compile `source` with fivefold and run it as a module; its namespace."""
    code = compiler.compile_source(source.encode(), f"<{name}>")
    namespace = {"__name__": name}
    exec(code, namespace)
    return namespace


def opnames(function) -> list[str]:
    """The names of `function`'s instructions as they run now (quickened)."""
    return disassembler.opnames(function, adaptive=True)


def family_members(function, family: str) -> list[str]:
    """The names in `function` of the generic instruction `family` and its members."""
    from fivefold.generated import opcodes

    base = opcodes.opmap[family]
    members = {family} | {opcodes.opname[m] for m in opcodes.FAMILIES.get(base, ())}
    return [name for name in opnames(function) if name in members]


def run_fivefold(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """`python -m fivefold ARGS` with extra environment variables."""
    environ = {**os.environ, **env}
    for key in [k for k, v in env.items() if v is None]:
        environ.pop(key)
    return subprocess.run([sys.executable, "-m", "fivefold", *args], capture_output=True,
                          text=True, env=environ, timeout=300)
