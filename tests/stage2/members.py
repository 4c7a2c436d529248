"""For stage 2's tests of members added to stage 1's families: which members
a function's instructions of a family are after a program ran, under given
switches (a subprocess: the switches are read at import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

_SCRIPT = """
import json, sys
from fivefold import compiler
from fivefold.generated import opcodes
from fivefold.runtime import disassembler
namespace = {"__name__": "members_test"}
exec(compiler.compile_source(sys.stdin.read().encode(), "<members_test>"), namespace)
family, function = sys.argv[1], namespace[sys.argv[2]]
names = {family} | {opcodes.opname[m] for m in opcodes.FAMILIES.get(opcodes.opmap[family], ())}
print(json.dumps([n for n in disassembler.opnames(function, adaptive=True) if n in names]))
"""


def members(source: str, function: str, family: str, env: dict[str, str] | None = None) -> list[str]:
    """Run `source` (which warms `function` up) on stage 2 with `env`; the
    names of `function`'s instructions of `family` afterwards."""
    out = subprocess.run([sys.executable, "-c", _SCRIPT, family, function], input=textwrap.dedent(source),
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "FIVEFOLD_STAGE": "2", **(env or {})})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])
