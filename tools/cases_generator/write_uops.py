"""Writer of stage 3's trace executor cases (generated/uop_cases.c.h) and of the
micro-op facts the recorder and the executor read (in uop_ids.h).

Each micro-op becomes one ``case FF_UOP_NAME: { ... }`` of the executor's
switch (stage3/vm/executor.c.h), from the same definition text as the loops'
cases (write_c._instruction_code with tier2=True): inputs read from the stack
and outputs written back, so that micro-ops run one after another as their
instruction's parts do. What differs from the loops' cases:

    cache entries   read at next_instr[t2_cache + offset]: one micro-op serves
                    every instruction it is part of, at its place there
    DEOPT_IF(c)     goto t2_deopt: leave the trace before the instruction
    JUMP_*_BY(n)    jump, then goto t2_jumped (the trace goes on if the jump
                    went where the trace goes); no hot-loop count
    DISPATCH()      the executor defines it as goto t2_jumped around the cases
    label           each case is also T2_NAME:, for the computed gotos of
                    uop_targets.h (one entry per micro-op number)
    end of body     goto t2_done (the next micro-op, or the instruction's end)

A micro-op that leaves for the loop's dispatch itself (EXTENDED_ARG's
``goto dispatch_opcode``, a specializer's ``dispatch_same_oparg``) or unwinds
without an error (``exception_unwind``) cannot run in a trace: ff_uop_traceable
says so, and the recorder drops a recording at an instruction with one.
"""

from __future__ import annotations

import re

from .analysis import Analysis
from .parsed import CacheEntry, Instruction
from .write_c import DEFAULT_SOURCES, PREFIX, _gate, _header, _instruction_code, _resolve_line_markers

UOP_CASES_PATH = "shared/vm/generated/uop_cases.c.h"
_LEAVES = re.compile(r"\b(dispatch_opcode|dispatch_same_oparg|exception_unwind)\b")


def uop_macro(name: str) -> str:
    return f"FF_UOP_{name.lstrip('_')}"


def traceable(inst: Instruction) -> bool:
    """Whether a micro-op can run as a case of the executor."""
    return _LEAVES.search(inst.body) is None


def opcode_parts(op, analysis: Analysis) -> list[tuple[Instruction, int]]:
    """An opcode's micro-ops with the unit (after the instruction's own) where
    each one's cache entries start."""
    if isinstance(op.definition, Instruction):
        return [(op.definition, 0)]
    parts = []
    base = 0
    for part in op.definition.parts:
        if isinstance(part, CacheEntry):
            base += part.size
            continue
        inst = analysis.by_name[part]
        parts.append((inst, base))
        base += inst.effect.cache_size
    return parts


def opcode_traceable(op, analysis: Analysis) -> bool:
    """Every micro-op traceable, and no guard after a micro-op that moved the stack:
    a guard that fails leaves the trace before the instruction, with the stack as
    it was there."""
    moved = False
    for inst, _ in opcode_parts(op, analysis):
        if not traceable(inst):
            return False
        if moved and "DEOPT_IF" in inst.body:
            return False
        moved = moved or inst.effect.inputs != inst.effect.outputs
    return True


def uop_cases(analysis: Analysis, sources: str = DEFAULT_SOURCES, path: str = UOP_CASES_PATH) -> str:
    out = [_header(sources),
           "/* Included by stage3/vm/executor.c.h inside the trace executor's switch, in",
           " * stage 3's loop and later ones. Bodies carry #line directives back to their",
           " * definitions (tools/cases_generator/write_uops.py says what differs from",
           " * the loops' cases). */", ""]
    for inst in analysis.definitions.instructions:
        if not traceable(inst):
            continue
        lines = [_gate(inst.stage)] if inst.stage else []
        lines.append(f"case {uop_macro(inst.name)}: T2_{uop_macro(inst.name)[len('FF_UOP_'):]}: {{")
        lines += _instruction_code(inst, None, cache_base=0, indent="    ", tier2=True)
        lines.append("    goto t2_done;")
        lines.append("}")
        if inst.stage:
            lines.append("#endif")
        lines.append("")
        out.append("\n".join(lines))
    return _resolve_line_markers("\n".join(out), path)


def uop_facts(analysis: Analysis) -> list[str]:
    """C tables for uop_ids.h: where each micro-op's cache entries start in each
    instruction, whether a micro-op can run in a trace, and whether an
    instruction can."""
    most = max(len(opcode_parts(op, analysis)) for op in analysis.opcodes)
    lines = ["/* Where each micro-op of an instruction reads its cache entries: units after",
             " * the instruction's own (the executor's t2_cache). */",
             f"static const unsigned char ff_opcode_uop_cache[256][{most}] = {{"]
    for op in sorted(analysis.opcodes, key=lambda op: op.number):
        bases = [base for _, base in opcode_parts(op, analysis)]
        if any(bases):
            lines.append(f"    [{PREFIX}{op.name}] = {{{', '.join(map(str, bases))}}},")
    lines += ["};", "",
              "/* Instructions a trace can run (every micro-op a case of the executor, and",
              " * no guard after a micro-op that moved the stack). */",
              "static const unsigned char ff_opcode_traceable[256] = {"]
    for op in sorted(analysis.opcodes, key=lambda op: op.number):
        if opcode_traceable(op, analysis):
            lines.append(f"    [{PREFIX}{op.name}] = 1,")
    lines += ["};", ""]
    return lines


def uop_targets_h(analysis: Analysis, sources: str = DEFAULT_SOURCES) -> str:
    """The executor's table of label addresses, one per micro-op number (computed
    gotos, as the loops' opcode_targets.h): a micro-op with no case, or of a later
    stage than the loop, goes to t2_no_case."""
    lines = [_header(sources), "/* Included inside the trace executor's table of label addresses",
             " * (stage3/vm/executor.c.h). */"]
    for inst in analysis.definitions.instructions:
        label = f"&&T2_{uop_macro(inst.name)[len('FF_UOP_'):]},"
        if not traceable(inst):
            lines.append("    &&t2_no_case,")
        elif inst.stage:
            lines += [_gate(inst.stage), f"    {label}", "#else", "    &&t2_no_case,", "#endif"]
        else:
            lines.append(f"    {label}")
    return "\n".join(lines) + "\n"
