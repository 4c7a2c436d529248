"""Compare the compiler's output with CPython's own, instruction by instruction.

`compile_source(..., target="cpython")` assembles our instructions into a CPython
code object, so `dis` reads both the same way. Differences that are only
CPython's encoding (PRECALL, CACHE, EXTENDED_ARG) are left out.
"""

from __future__ import annotations

import dis
import types

IGNORED = {"PRECALL", "CACHE", "EXTENDED_ARG"}


def listing(code: types.CodeType, with_positions: bool = True) -> list[tuple]:
    """(opname, argument, positions) of each instruction; jump targets as instruction
    indices so that layout differences elsewhere do not show."""
    instrs = [i for i in dis.get_instructions(code) if i.opname not in IGNORED]
    index_of = {i.offset: n for n, i in enumerate(instrs)}
    out = []
    for ins in instrs:
        if ins.opcode in dis.hasjrel:
            arg = ("->", index_of.get(ins.argval))
        elif ins.opcode == dis.opmap["LOAD_CONST"] and isinstance(ins.argval, types.CodeType):
            arg = ("code", ins.argval.co_qualname)
        else:
            arg = ins.argrepr
        name = ins.opname
        row = (name, arg)
        if with_positions:
            row += (tuple(ins.positions),)
        out.append(row)
    return out


def code_objects(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_objects(const)


def diff(expected: types.CodeType, actual: types.CodeType, with_positions: bool = True):
    """A list of (qualname, first differing index, expected rows, actual rows)."""
    problems = []
    exp_codes, act_codes = list(code_objects(expected)), list(code_objects(actual))
    if [c.co_qualname for c in exp_codes] != [c.co_qualname for c in act_codes]:
        problems.append(("<code objects>", 0, [c.co_qualname for c in exp_codes],
                         [c.co_qualname for c in act_codes]))
        return problems
    for e, a in zip(exp_codes, act_codes):
        le, la = listing(e, with_positions), listing(a, with_positions)
        if le != la:
            first = next((i for i, (x, y) in enumerate(zip(le, la)) if x != y),
                         min(len(le), len(la)))
            problems.append((e.co_qualname, first, le[first:first + 4], la[first:first + 4]))
    return problems
