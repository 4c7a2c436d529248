"""The assembler: a compiled unit's instructions to bytes, tables and a code object.

It runs the CFG passes (cfg.py), adds the prologue CPython 3.11 adds
(COPY_FREE_VARS, MAKE_CELL, RETURN_GENERATOR + POP_TOP for generators, coroutines and
async generators), resolves jumps to
relative forward/backward instructions with EXTENDED_ARG sized to a fixed
point, and encodes:

- the bytecode, 2 bytes a code unit (`bytes([op, arg])`), plus CACHE units;
- the exception table as (start, end, target, depth, lasti) in code units;
- positions per code unit in 3.11's location-table format (Objects/locations.md).

`assemble_fivefold` makes the shadow code through `fivefold._fivefold.make_code`
(docs/engine.md section 6); `assemble_cpython` makes a real CPython 3.11 code
object from the same instructions, which the tests run as an oracle of the
compiler's output independent of the VM.
"""

from __future__ import annotations

import types

from fivefold.compiler.cfg import Cfg
from fivefold.compiler.instr import Instr, Position
from fivefold.compiler.isa import BACKWARD_JUMPS, DIRECTIONAL_JUMPS, Isa
from fivefold.compiler.unit import CO_FIVEFOLD, FreeName, Unit

DEREF_OPS = {"LOAD_DEREF", "STORE_DEREF", "DELETE_DEREF", "LOAD_CLOSURE", "LOAD_CLASSDEREF",
             "MAKE_CELL"}


class Assembled:
    """Everything a code object needs, before it becomes one. (Written out, not a
    dataclass: dataclasses would bring inspect, copy and re into every compiling run.)"""

    __slots__ = ("bytecode", "exceptiontable", "stacksize", "instrs", "nunits", "firstlineno")

    def __init__(self, bytecode: bytes, exceptiontable: list[tuple[int, int, int, int, int]],
                 stacksize: int, instrs: list[Instr], nunits: int, firstlineno: int):
        self.bytecode = bytecode
        self.exceptiontable = exceptiontable
        self.stacksize = stacksize
        self.instrs = instrs  # final, with .offset and .size
        self.nunits = nunits
        self.firstlineno = firstlineno

    @property
    def linetable(self) -> bytes:
        """The location table of the bytecode (made when asked: the shadow code has
        its own, two units longer)."""
        return linetable_of_runs(position_runs(self.instrs), self.firstlineno)


def prepare(unit: Unit, isa: Isa) -> tuple[list[Instr], int]:
    """CFG passes, prologue and jump resolution. Returns the final instructions
    (each with .offset, .size, .handler) and the maximum stack depth."""
    cfg = Cfg(unit.instrs)
    cfg.optimize(unit.consts, unit.add_const)
    cfg.duplicate_exits_without_lineno()
    cfg.propagate_line_numbers()
    cfg.guarantee_lineno_for_exits(unit.firstlineno)
    maxdepth = cfg.stackdepth(isa)
    cfg.label_exception_targets()
    cfg.convert_pseudo_to_nops()
    instrs: list[Instr] = []
    instrs.extend(prologue(unit))
    body = list(cfg.instructions())
    # Jumps point at blocks: remember each target block's first instruction.
    first_of = {}
    for b in cfg.blocks:
        if b.instrs:
            first_of[id(b)] = b.instrs[0]
    for instr in body:
        if instr.target is not None:
            instr.target_instr = _first_instr(cfg, cfg.target(instr), first_of)
        h = getattr(instr, "handler", None)
        instr.handler_instr = _first_instr(cfg, h, first_of) if h is not None else None
        instr.handler_block = h
    instrs.extend(body)
    _trim_unused_consts(unit, instrs)
    # Deref opargs are names until every local is known.
    localsplus = unit.localsplus()
    first_free = len(localsplus) - len(unit.freevars)
    for instr in instrs:
        if instr.name in DEREF_OPS and isinstance(instr.arg, str):
            if isinstance(instr.arg, FreeName):
                instr.arg = first_free + unit.freevars.index(instr.arg)
            else:
                instr.arg = localsplus.index(instr.arg)
    layout(instrs, isa)
    return instrs, maxdepth


def _trim_unused_consts(unit: Unit, instrs: list[Instr]) -> None:
    """CPython 3.11's trim_unused_consts: the constants after the last one an
    instruction still loads go (those of code the CFG passes removed, such as the
    `return None` after a final `raise`, or the test of `while True`); the first,
    a function's docstring or None, always stays. So the shadow's co_consts are
    CPython's (docs/engine.md section 1)."""
    last = 0
    for instr in instrs:
        if instr.name in ("LOAD_CONST", "KW_NAMES") and instr.arg > last:
            last = instr.arg
    if last + 1 < len(unit.consts):
        del unit.consts[last + 1:]
        unit.const_index = {k: i for k, i in unit.const_index.items() if i <= last}


def _first_instr(cfg: Cfg, block, first_of):
    while block is not None and not block.instrs:
        block = cfg.next_nonempty(block)
    return first_of[id(block)]


def prologue(unit: Unit) -> list[Instr]:
    """CPython 3.11's insert_prefix_instructions."""
    out = []
    if unit.freevars:
        out.append(Instr("COPY_FREE_VARS", len(unit.freevars)))
    localsplus = unit.localsplus()
    for name in sorted(unit.cellvars, key=localsplus.index):
        out.append(Instr("MAKE_CELL", name))
    if unit.is_generator or unit.is_coroutine:
        pos = Position(unit.firstlineno, unit.firstlineno, -1, -1)
        out.append(Instr("RETURN_GENERATOR", 0, None, pos))
        out.append(Instr("POP_TOP", 0, None, pos))
    for instr in out:
        instr.handler_instr = None
        instr.handler_block = None
    return out


def _units_for_arg(arg: int) -> int:
    if arg < 0 or arg > 0xFFFFFFFF:
        raise ValueError(f"oparg {arg} out of range")
    if arg <= 0xFF:
        return 1
    if arg <= 0xFFFF:
        return 2
    if arg <= 0xFFFFFF:
        return 3
    return 4


def _expanded(instr: Instr, isa: Isa) -> list[str]:
    """The real opcodes one instruction becomes in `isa` (CALL gains PRECALL in CPython)."""
    if instr.name == "CALL" and isa.has_precall:
        return ["PRECALL", "CALL"]
    return [instr.name]


def layout(instrs: list[Instr], isa: Isa) -> None:
    """Choose jump directions, opargs and sizes until the offsets stop changing.

    Only jumps change size after the first round (every other oparg is fixed), so
    the rounds after it look at the jumps alone; each round sees the offsets of the
    round before and, for the jump itself, its own size before the round."""
    caches = isa.caches
    precall = isa.has_precall
    n = len(instrs)
    sizes = [1] * n
    index = {}
    for i, instr in enumerate(instrs):
        index[id(instr)] = i
    jumps = []  # (i, instr, target index)
    for i, instr in enumerate(instrs):
        target_instr = getattr(instr, "target_instr", None)
        if target_instr is not None and instr.target is not None:
            jumps.append((i, instr, index[id(target_instr)]))
        else:
            arg = instr.jump_arg if hasattr(instr, "jump_arg") else instr.arg
            name = instr.name
            if arg.__class__ is int and 0 <= arg <= 0xFF and not (precall and name == "CALL"):
                sizes[i] = 1 + caches.get(name, 0)
            else:
                sizes[i] = _size_of(name, arg, caches, precall)
    offsets = list(range(n))  # the first round's offsets: every size still 1
    for round_ in range(100):
        changed = round_ == 0 and any(s != 1 for s in sizes)
        for i, instr, t in jumps:
            _resolve_jump_at(instr, offsets[i], sizes[i], offsets[t])
            size = _size_of(instr.name, instr.jump_arg, caches, precall)
            if size != sizes[i]:
                sizes[i] = size
                changed = True
        if not changed:
            break
        offset = 0
        for i in range(n):
            offsets[i] = offset
            offset += sizes[i]
    else:
        raise AssertionError("jump offsets did not converge")
    for i, instr in enumerate(instrs):
        instr.offset = offsets[i]
        instr.size = sizes[i]


def _size_of(name: str, arg, caches: dict, precall: bool) -> int:
    """Code units: EXTENDED_ARGs, the opcode(s) and their CACHE units."""
    if not isinstance(arg, int):
        arg = 0
    if 0 <= arg <= 0xFF:
        units = 1
    else:
        units = _units_for_arg(arg)
    if name == "CALL" and precall:
        return 2 * units + caches.get("PRECALL", 0) + caches.get("CALL", 0)
    return units + caches.get(name, 0)


def _jump_name(instr: Instr) -> str:
    return getattr(instr, "generic", instr.name)


def _resolve_jump_at(instr: Instr, offset: int, size: int, target: int) -> None:
    generic = getattr(instr, "generic", None)
    if generic is None:
        generic = instr.generic = instr.name
    end = offset + size  # the units after this instruction, caches included
    backward = target < end
    directions = DIRECTIONAL_JUMPS.get(generic)
    if directions is not None:
        instr.name = directions[1] if backward else directions[0]
    if backward:
        if instr.name not in BACKWARD_JUMPS:
            raise AssertionError(f"{instr.name} cannot jump backward")
        instr.jump_arg = end - target
    else:
        instr.jump_arg = target - end


def _resolve_jump(instr: Instr, isa: Isa) -> None:
    _resolve_jump_at(instr, instr.offset, instr.size, instr.target_instr.offset)


def _instr_size(instr: Instr, isa: Isa) -> int:
    """Code units: EXTENDED_ARGs, the opcode(s) and their CACHE units."""
    arg = instr.jump_arg if hasattr(instr, "jump_arg") else instr.arg
    return _size_of(instr.name, arg, isa.caches, isa.has_precall)


def _final_arg(instr: Instr) -> int:
    return instr.jump_arg if hasattr(instr, "jump_arg") else instr.arg


def encode(instrs: list[Instr], isa: Isa) -> bytes:
    out = bytearray()
    chunks = isa.encoded  # (name, arg) -> the code units, made once per isa
    has_arg = isa.has_arg
    for instr in instrs:
        name = instr.name
        arg = instr.jump_arg if hasattr(instr, "jump_arg") else instr.arg
        if not has_arg(name):
            arg = instr.arg = 0
        chunk = chunks.get((name, arg))
        if chunk is None:
            chunk = chunks[(name, arg)] = _encode_one(name, arg, isa)
        out += chunk
    return bytes(out)


def _encode_one(name: str, arg: int, isa: Isa) -> bytes:
    """EXTENDED_ARGs, the opcode(s) (CALL gains PRECALL in CPython) and CACHE units."""
    out = bytearray()
    for op in (("PRECALL", "CALL") if name == "CALL" and isa.has_precall else (name,)):
        ext = _units_for_arg(arg) - 1
        for shift in range(ext, 0, -1):
            out += bytes([isa.opcode("EXTENDED_ARG"), (arg >> (8 * shift)) & 0xFF])
        out += bytes([isa.opcode(op), arg & 0xFF])
        for _ in range(isa.cache_count(op)):
            out += bytes([isa.opcode("CACHE"), 0])
    return bytes(out)


def exception_table(instrs: list[Instr]) -> list[tuple[int, int, int, int, int]]:
    """(start, end, target, depth, lasti) ranges, merging neighbours with one handler."""
    entries = []
    current = None
    for instr in instrs:
        h = instr.handler_block
        if h is None:
            if current is not None:
                entries.append(current)
                current = None
            continue
        target = instr.handler_instr.offset
        lasti = int(h.preserve_lasti)
        depth = h.startdepth - 1 - lasti
        key = (target, depth, lasti)
        if current is not None and current[2:] == key and current[1] == instr.offset:
            current = (current[0], instr.offset + instr.size) + key
        else:
            if current is not None:
                entries.append(current)
            current = (instr.offset, instr.offset + instr.size) + key
    if current is not None:
        entries.append(current)
    return entries


# --- location table (CPython 3.11 Objects/locations.md) ---------------------------------
def _varint(value: int) -> bytes:
    out = bytearray()
    while value >= 64:
        out.append(0x40 | (value & 0x3F))
        value >>= 6
    out.append(value)
    return bytes(out)


def _svarint(value: int) -> bytes:
    return _varint((-value << 1) | 1 if value < 0 else value << 1)


def linetable(positions: list[Position | None], firstlineno: int) -> bytes:
    """Encode one position per code unit: runs of equal positions, at most 8 units an
    entry, each as the long form (code 14) or 'no location' (code 15)."""
    runs: list = []
    for pos in positions:
        _add_run(runs, pos, 1)
    return linetable_of_runs(runs, firstlineno)


def _add_run(runs: list, pos, count: int) -> None:
    if runs and runs[-1][0] == pos:
        runs[-1][1] += count
    else:
        runs.append([pos, count])


def position_runs(instrs: list[Instr]) -> list:
    """[position, code units] for each run of units with equal positions."""
    runs: list = []
    last = runs_last = None
    for instr in instrs:
        pos = instr.pos
        if runs_last is not None and (pos is last or pos == last):
            runs_last[1] += instr.size
        else:
            runs_last = [pos, instr.size]
            runs.append(runs_last)
            last = pos
    return runs


def linetable_of_runs(runs: list, firstlineno: int) -> bytes:
    """linetable() of the positions that `runs` ([position, units] pairs, neighbours
    unequal) repeat: a run longer than 8 units takes one entry per 8."""
    out = bytearray()
    append = out.append
    prev_line = firstlineno
    for pos, count in runs:
        if pos is None or pos[0] < 0:
            while count > 8:
                append(0xFF)
                count -= 8
            append(0xF8 | (count - 1))
            continue
        lineno, end_lineno, col, end_col = pos
        end_line = end_lineno if end_lineno is not None and end_lineno >= 0 else lineno
        # The varints of the entry after its line delta (most fit one byte).
        v1 = end_line - lineno
        if v1 < 0:
            v1 = 0
        v2 = col + 1 if col is not None and col >= 0 else 0
        v3 = end_col + 1 if end_col is not None and end_col >= 0 else 0
        if v1 < 64 and v2 < 64 and v3 < 64:
            rest = bytes((v1, v2, v3))
        else:
            rest = _varint(v1) + _varint(v2) + _varint(v3)
        k = count if count < 8 else 8
        append(0xF0 | (k - 1))
        delta = lineno - prev_line
        if 0 <= delta < 32:
            append(delta << 1)
        else:
            out += _svarint(delta)
        out += rest
        count -= k
        prev_line = lineno
        while count:
            k = count if count < 8 else 8
            append(0xF0 | (k - 1))
            append(0)  # the same line again
            out += rest
            count -= k
    return bytes(out)


def unit_positions(instrs: list[Instr]) -> list[Position | None]:
    out = []
    for instr in instrs:
        out.extend([instr.pos] * instr.size)
    return out


def assemble(unit: Unit, isa: Isa) -> Assembled:
    instrs, maxdepth = prepare(unit, isa)
    code = encode(instrs, isa)
    nunits = len(code) // 2
    return Assembled(code, exception_table(instrs), maxdepth, instrs, nunits,
                     unit.firstlineno)


# --- code objects -------------------------------------------------------------------
def _template(unit: Unit, filename: str, code: bytes, linetable_: bytes, stacksize: int,
              consts: tuple, flags: int, exceptiontable: bytes = b"") -> types.CodeType:
    return types.CodeType(
        unit.argcount + unit.posonlyargcount, unit.posonlyargcount, unit.kwonlyargcount,
        len(unit.varnames),
        max(stacksize, 1), flags, code, consts, tuple(unit.names), tuple(unit.varnames),
        filename, unit.name, unit.qualname, unit.firstlineno, linetable_, exceptiontable,
        tuple(unit.freevars), tuple(unit.cellvars))


_SHADOW_NUMBERS: dict[str, int] = {}


def _shadow_numbers() -> dict[str, int]:
    """CPython 3.11's numbers of the opcodes shadow code holds, from the generated table
    (tests/codegen checks them against CPython's `opcode`, which would cost every
    compiling run opcode and _opcode to import)."""
    if not _SHADOW_NUMBERS:
        from fivefold.generated import opcodes

        _SHADOW_NUMBERS.update((opcodes.opname[ours], theirs)
                               for ours, theirs in opcodes.SHADOW_OPCODES.items())
        _SHADOW_NUMBERS.update(opcodes.CPYTHON_OPCODES)
    return _SHADOW_NUMBERS


def _shadow_code(asm: Assembled, fivefold: Isa) -> bytes:
    """One CPython code unit per fivefold unit: mirrored opcodes keep fivefold's oparg,
    everything else is NOP; then LOAD_ASSERTION_ERROR; RAISE_VARARGS 1."""
    mirrored = set(fivefold.mirrored)
    opmap = _shadow_numbers()
    nop = bytes([opmap["NOP"], 0])
    out = bytearray()
    for instr in asm.instrs:
        if instr.name in mirrored:
            # EXTENDED_ARG prefixes come first, the instruction last, then its caches.
            arg = _final_arg(instr)
            ext = _units_for_arg(arg) - 1
            out += nop * ext
            out += bytes([opmap[instr.name], arg & 0xFF])
            out += nop * (instr.size - ext - 1)
        else:
            out += nop * instr.size
    out += bytes([opmap["LOAD_ASSERTION_ERROR"], 0, opmap["RAISE_VARARGS"], 1])
    return bytes(out)


def assemble_fivefold(unit: Unit, isa: Isa, filename: str) -> types.CodeType:
    """The shadow code object of a unit, owning its fivefold Code (make_code)."""
    from fivefold import _fivefold

    asm = assemble(unit, isa)
    runs = position_runs(asm.instrs)
    _add_run(runs, None, 2)  # LOAD_ASSERTION_ERROR; RAISE_VARARGS 1
    shadow_code = _shadow_code(asm, isa)
    doc = unit.docstring if unit.kind == "function" else None
    template = _template(unit, filename, shadow_code,
                         linetable_of_runs(runs, unit.firstlineno), asm.stacksize, (doc,),
                         unit.flags | CO_FIVEFOLD)
    return _fivefold.make_code(template, asm.bytecode, tuple(unit.consts), tuple(unit.names),
                               tuple(asm.exceptiontable))


def _encode_exception_table(entries) -> bytes:
    out = bytearray()

    def item(value: int, msb: int) -> None:
        chunks = []
        while True:
            chunks.append(value & 0x3F)
            value >>= 6
            if not value:
                break
        chunks.reverse()
        for i, chunk in enumerate(chunks):
            cont = 0x40 if i < len(chunks) - 1 else 0
            out.append(chunk | cont | (msb if i == 0 else 0))

    for start, end, target, depth, lasti in entries:
        item(start, 0x80)
        item(end - start, 0)
        item(target, 0)
        item((depth << 1) | lasti, 0)
    return bytes(out)


def assemble_cpython(unit: Unit, isa: Isa, filename: str) -> types.CodeType:
    """A real CPython 3.11 code object from the same instructions (a test oracle)."""
    asm = assemble(unit, isa)
    return _template(unit, filename, asm.bytecode, asm.linetable,
                     asm.stacksize, tuple(unit.consts), unit.flags,
                     _encode_exception_table(asm.exceptiontable))
