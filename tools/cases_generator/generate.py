"""Reads every definitions file and produces (or checks) every generated file.

The definitions are shared/vm/instructions.def (the base VM's instructions) and
each stage's stageN/vm/*.def; the outputs go to generated/ folders, each written
by exactly one writer below."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import analysis, parser, write_c, write_py, write_uops
from .parsed import Definitions

ROOT = Path(__file__).resolve().parents[2]
BASE_DEFINITIONS = Path("shared/vm/instructions.def")
C_OUT = Path("shared/vm/generated")
PY_OUT = Path("shared/fivefold/generated/opcodes.py")


@dataclass(frozen=True)
class Output:
    path: Path
    text: str


def definition_files(root: Path = ROOT) -> list[Path]:
    """instructions.def, then every stage's own definitions (stageN/vm/*.def) in
    stage order: a stage adds its instructions without touching the base file."""
    stage_files = sorted(root.glob("stage[0-9]*/vm/*.def"), key=lambda p: (stage_of(p, root), p.name))
    return [root / BASE_DEFINITIONS, *stage_files]


def stage_of(path: Path, root: Path = ROOT) -> int:
    match = re.fullmatch(r"stage([0-9]+)", path.relative_to(root).parts[0])
    return int(match.group(1)) if match else 0


def built_stages(root: Path = ROOT) -> list[int]:
    """Stages with C code of their own: a stageN/vm/meson.build (meson.build adds them)."""
    return sorted(stage_of(p.parent.parent, root) for p in root.glob("stage[0-9]*/vm/meson.build"))


def parse_all(files: list[Path], root: Path = ROOT) -> tuple[Definitions, analysis.Analysis]:
    """Parse each file (errors name its file and line), then analyze them as one
    set: macros, families and changes may name instructions of another file."""
    defs = Definitions(filename=str(BASE_DEFINITIONS))
    for path in files:
        rel = path.relative_to(root).as_posix()
        defs.extend(parser.parse(path.read_text(), rel, stage_of(path, root)))
    return defs, analysis.analyze(defs)


def outputs(root: Path = ROOT) -> list[Output]:
    """The generated files and their contents (nothing is written)."""
    if not (root / BASE_DEFINITIONS).exists():
        raise FileNotFoundError(f"{root / BASE_DEFINITIONS}: the instruction definitions are not there "
                                "(the generator runs from a source checkout)")
    files = definition_files(root)
    _, result = parse_all(files, root)
    sources = ", ".join(p.relative_to(root).as_posix() for p in files)
    c_out = root / C_OUT
    return [
        Output(c_out / "opcode_ids.h", write_c.opcode_ids_h(result, sources)),
        Output(c_out / "cases.c.h", write_c.generated_cases(result, sources, (C_OUT / "cases.c.h").as_posix())),
        Output(c_out / "opcode_targets.h", write_c.opcode_targets_h(result, sources)),
        Output(c_out / "uop_ids.h", write_c.uop_ids_h(result, sources, write_uops.uop_facts(result))),
        Output(c_out / "uop_cases.c.h",
               write_uops.uop_cases(result, sources, (C_OUT / "uop_cases.c.h").as_posix())),
        Output(c_out / "uop_targets.h", write_uops.uop_targets_h(result, sources)),
        Output(c_out / "changes.h", write_c.changes_h(result, sources)),
        Output(c_out / "stages.h", write_c.stages_h(built_stages(root), "the stageN/vm/meson.build files")),
        Output(root / PY_OUT, write_py.opcodes_py(result)),
    ]


def stale(root: Path = ROOT) -> list[Path]:
    """Generated files whose contents differ from what the definitions give."""
    return [out.path for out in outputs(root)
            if not out.path.exists() or out.path.read_text() != out.text]


def write(root: Path = ROOT) -> list[Path]:
    """Write the generated files that changed; return their paths."""
    changed = []
    for out in outputs(root):
        if not out.path.exists() or out.path.read_text() != out.text:
            out.path.parent.mkdir(parents=True, exist_ok=True)
            out.path.write_text(out.text)
            changed.append(out.path)
    return changed
