"""Reads the definitions file and produces (or checks) every generated file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import analysis, parser, write_c, write_py

SHARED = Path(__file__).resolve().parent.parent
DEFINITIONS = SHARED / "vm" / "instructions.def"


@dataclass(frozen=True)
class Output:
    path: Path
    text: str


def outputs(definitions: Path = DEFINITIONS, shared: Path = SHARED) -> list[Output]:
    """The generated files and their contents (nothing is written)."""
    if not definitions.exists():
        raise FileNotFoundError(f"{definitions}: the instruction definitions are not there "
                                "(the generator runs from a source checkout)")
    defs = parser.parse(definitions.read_text(), str(definitions.relative_to(shared.parent)))
    result = analysis.analyze(defs)
    return [
        Output(shared / "vm" / "opcode_ids.h", write_c.opcode_ids_h(result)),
        Output(shared / "vm" / "generated_cases.c.h", write_c.generated_cases(result)),
        Output(shared / "opcodes.py", write_py.opcodes_py(result)),
    ]


def stale(definitions: Path = DEFINITIONS, shared: Path = SHARED) -> list[Path]:
    """Generated files whose contents differ from what the definitions give."""
    return [out.path for out in outputs(definitions, shared)
            if not out.path.exists() or out.path.read_text() != out.text]


def write(definitions: Path = DEFINITIONS, shared: Path = SHARED) -> list[Path]:
    """Write the generated files that changed; return their paths."""
    changed = []
    for out in outputs(definitions, shared):
        if not out.path.exists() or out.path.read_text() != out.text:
            out.path.write_text(out.text)
            changed.append(out.path)
    return changed
