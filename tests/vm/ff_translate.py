"""Hand-assembly for VM tests: turn a function compiled by CPython 3.11 into
fivefold code, instruction for instruction, without fivefold's compiler.

CPython's inline CACHE units and PRECALL become NOPs. Where fivefold's
instruction has more inline cache units than CPython's (stage 1's counters
after FOR_ITER and the conditional jumps, for instance), NOPs are inserted
after it; jump offsets, the exception table and the positions are moved to
match. The shadow mirrors RESUME/SEND/YIELD_VALUE/... and is NOP elsewhere."""

import dis
import opcode as cpython
import types

from fivefold import _fivefold
from fivefold.generated import opcodes
from fivefold.compiler.assembler import linetable
from fivefold.compiler.instr import Position

CO_FIVEFOLD = _fivefold.CO_FIVEFOLD


def translate(co: types.CodeType) -> types.CodeType:
    raw = co.co_code
    n = len(raw) // 2
    positions = list(co.co_positions())
    # Pass 1: the fivefold unit each CPython unit becomes, and the units inserted.
    units = []          # [fivefold opcode, arg, CPython unit it came from]
    new_index = []      # CPython unit -> fivefold unit
    i = 0
    while i < n:
        op, arg = raw[2 * i], raw[2 * i + 1]
        name = cpython.opname[op]
        new_index.append(len(units))
        if name in ("CACHE", "PRECALL"):
            units.append([opcodes.NOP, 0, i])
            i += 1
            continue
        ours = opcodes.opmap[name]   # KeyError: not supported by fivefold
        units.append([ours, arg, i])
        theirs_caches = cpython._inline_cache_entries[op]
        # fivefold's own cache units are zero (make_code refuses anything else);
        # CPython's cache units beyond them become NOP instructions.
        ours_caches = opcodes.CACHE_SIZE[ours]
        for k in range(max(theirs_caches, ours_caches)):
            if k < theirs_caches:
                new_index.append(len(units))
            units.append([opcodes.CACHE if k < ours_caches else opcodes.NOP, 0, i])
        i += 1 + theirs_caches
    new_index.append(len(units))
    # Pass 2: relative jumps, from the end of the instruction and its caches.
    for j, unit in enumerate(units):
        ours, arg, old = unit
        if ours in opcodes.HASJREL and ours not in (opcodes.NOP,):
            ext = 0
            k = old - 1
            shift = 8
            while k >= 0 and raw[2 * k] == cpython.opmap["EXTENDED_ARG"]:
                ext |= raw[2 * k + 1] << shift
                shift += 8
                k -= 1
            full = ext | arg
            old_end = old + 1 + cpython._inline_cache_entries[raw[2 * old]]
            backward = ours in opcodes.HASJREL_BACKWARD
            old_target = old_end - full if backward else old_end + full
            new_end = j + 1 + opcodes.CACHE_SIZE[ours]
            new_arg = new_end - new_index[old_target] if backward else new_index[old_target] - new_end
            if not 0 <= new_arg < 256 or ext:
                raise ValueError("ff_translate: jump too long for a test function")
            unit[1] = new_arg
    code = bytearray()
    shadow = bytearray()
    for ours, arg, old in units:
        code += bytes([ours, arg])
        if ours in opcodes.SHADOW_OPCODES:
            shadow += bytes([opcodes.SHADOW_OPCODES[ours], arg])
        else:
            shadow += bytes([cpython.opmap["NOP"], 0])
    shadow += bytes([cpython.opmap["LOAD_ASSERTION_ERROR"], 0, cpython.opmap["RAISE_VARARGS"], 1])
    new_positions = [_position(positions[old]) for _, _, old in units] + [None, None]
    consts = tuple(translate(c) if isinstance(c, types.CodeType) else c for c in co.co_consts)
    table = tuple((new_index[e.start // 2], new_index[e.end // 2], new_index[e.target // 2], e.depth,
                   int(e.lasti)) for e in dis._parse_exception_table(co))
    doc = co.co_consts[0] if co.co_consts and isinstance(co.co_consts[0], str) else None
    template = co.replace(co_flags=co.co_flags | CO_FIVEFOLD, co_consts=(doc,), co_code=bytes(shadow),
                          co_linetable=linetable(new_positions, co.co_firstlineno))
    return _fivefold.make_code(template, bytes(code), consts, co.co_names, table)


def _position(p) -> "Position | None":
    if p is None or p[0] is None:
        return None
    return Position(p[0], p[1] if p[1] is not None else p[0],
                    p[2] if p[2] is not None else -1, p[3] if p[3] is not None else -1)


def on_fivefold(func):
    """The same function, its code (and nested code) run by fivefold."""
    new = types.FunctionType(translate(func.__code__), func.__globals__, func.__name__,
                             func.__defaults__, func.__closure__)
    new.__kwdefaults__ = func.__kwdefaults__
    new.__qualname__ = func.__qualname__
    return new


def run_source(source: str, filename: str = "<fivefold-test>") -> dict:
    """Execute module source on fivefold; return its namespace."""
    namespace = {"__name__": "__ff_test__"}
    exec(translate(compile(source, filename, "exec")), namespace)
    return namespace
