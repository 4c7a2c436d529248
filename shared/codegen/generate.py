"""Reads the definitions file and produces (or checks) every generated file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import analysis, parser, write_c, write_py
from .model import DSLError

SHARED = Path(__file__).resolve().parent.parent
DEFINITIONS = SHARED / "vm" / "instructions.def"


@dataclass(frozen=True)
class Output:
    path: Path
    text: str


def definition_files(definitions: Path = DEFINITIONS, shared: Path = SHARED) -> list[Path]:
    """instructions.def, then every stage's own definitions (stageN/vm/*.def), in order:
    a stage adds its specialized instructions without touching the shared file."""
    return [definitions, *sorted(shared.parent.glob("stage[0-9]*/vm/*.def"))]


def parse_all(files: list[Path], root: Path) -> tuple[parser.Definitions, analysis.Analysis]:
    """Parse the files as one text (macros and families may name instructions of
    another file), and report errors at the right file and line."""
    texts, starts = [], []   # starts: (first line in the joined text, file name)
    line = 1
    for path in files:
        text = path.read_text()
        if not text.endswith("\n"):
            text += "\n"
        starts.append((line, str(path.relative_to(root))))
        texts.append(text)
        line += text.count("\n")

    def locate(err: DSLError) -> DSLError:
        if err.line <= 0:
            return err
        first, name = max((s for s in starts if s[0] <= err.line), key=lambda s: s[0])
        return DSLError(err.message, name, err.line - first + 1)

    joined = "".join(texts)
    try:
        defs = parser.parse(joined, "<definitions>")
        return defs, analysis.analyze(defs)
    except DSLError as err:
        raise locate(err) from None


def outputs(definitions: Path = DEFINITIONS, shared: Path = SHARED) -> list[Output]:
    """The generated files and their contents (nothing is written)."""
    if not definitions.exists():
        raise FileNotFoundError(f"{definitions}: the instruction definitions are not there "
                                "(the generator runs from a source checkout)")
    files = definition_files(definitions, shared)
    _, result = parse_all(files, shared.parent)
    sources = ", ".join(str(p.relative_to(shared.parent)) for p in files)
    return [
        Output(shared / "vm" / "opcode_ids.h", write_c.opcode_ids_h(result, sources)),
        Output(shared / "vm" / "generated_cases.c.h", write_c.generated_cases(result, sources)),
        Output(shared / "vm" / "opcode_targets.h", write_c.opcode_targets_h(result, sources)),
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
