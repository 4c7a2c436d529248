"""Checks the parsed definitions and derives what the writers need: opcode
numbers, argument use, jump kinds, cache sizes and symbolic stack sizes."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from dataclasses import dataclass, field

from . import expr
from .parsed import CacheEntry, Definitions, DSLError, Family, Instruction, Macro, StackEffect, StackItem

# Body macros the C writer expands; a jump macro's name says its direction.
JUMP_MACROS = {
    "JUMP_FORWARD_BY": "forward",
    "JUMP_BACKWARD_BY": "backward",
    "JUMP_BACKWARD_BY_NO_INTERRUPT": "backward",
}
_JUMP_USE = re.compile(r"\b(" + "|".join(sorted(JUMP_MACROS, key=len, reverse=True)) + r")\s*\(")
_OPARG_USE = re.compile(r"\boparg\b")
MAX_OPCODE = 255


@dataclass(frozen=True)
class Size:
    """A symbolic count of stack entries: ``const + sum(coef * term)``.

    A term is ``(cond, size)``: rendered expressions, ``cond`` empty when the
    entry always exists and ``size`` "1" for a single entry."""

    const: int = 0
    terms: tuple[tuple[tuple[str, str], int], ...] = ()

    @staticmethod
    def of(item: StackItem, where: str) -> "Size":
        size_tree = expr.parse(item.size, f"{where}: size of {item.name}") if item.size else "1"
        cond_tree = expr.parse(item.cond, f"{where}: condition of {item.name}") if item.cond else None
        if cond_tree is None:
            value = expr.constant(size_tree)
            if value is not None:
                if value < 0:
                    raise DSLError(f"{where}: negative size for {item.name}")
                return Size(value)
            return Size(0, (((("", expr.render(size_tree)), 1)),))
        return Size(0, ((((expr.render(cond_tree), expr.render(size_tree))), 1),))

    def __add__(self, other: "Size") -> "Size":
        terms = dict(self.terms)
        for term, coef in other.terms:
            terms[term] = terms.get(term, 0) + coef
        return Size(self.const + other.const, tuple(sorted((t, c) for t, c in terms.items() if c)))

    def __neg__(self) -> "Size":
        return Size(-self.const, tuple((t, -c) for t, c in self.terms))

    def __sub__(self, other: "Size") -> "Size":
        return self + (-other)

    @property
    def is_zero(self) -> bool:
        return self.const == 0 and not self.terms

    def c(self) -> str:
        return self._render(lambda cond, size: f"({cond} ? {size} : 0)" if cond else size)

    def python(self) -> str:
        return self._render(lambda cond, size: f"({size} if {cond} else 0)" if cond else size)

    def _render(self, term_text) -> str:
        out = ""
        for (cond, size), coef in self.terms:
            text = term_text(cond, size)
            if abs(coef) != 1:
                text = f"{abs(coef)}*{text}"
            if not out:
                out = ("-" if coef < 0 else "") + text
            else:
                out += (" - " if coef < 0 else " + ") + text
        if not out:
            return str(self.const)
        if self.const > 0:
            out += f" + {self.const}"
        elif self.const < 0:
            out += f" - {-self.const}"
        return out


def total(items, where: str) -> Size:
    result = Size()
    for item in items:
        result = result + Size.of(item, where)
    return result


def unchanged_prefix(effect: StackEffect) -> int:
    """How many bottom inputs an instruction leaves in place (same name and size,
    same position): those are peeked, not consumed."""
    count = 0
    for inp, out in zip(effect.inputs, effect.outputs):
        if inp != out:
            break
        count += 1
    return count


@dataclass
class Opcode:
    """An instruction with an opcode number (an ``inst`` or a ``macro``)."""

    name: str
    number: int
    has_arg: bool
    cache_size: int
    net: Size              # stack effect when not jumping
    jump_net: Size         # stack effect when jumping (== net for non-jumps)
    jump: str | None       # "forward", "backward" or None
    shadow: bool           # mirrored into the shadow code with CPython's opcode
    definition: Instruction | Macro
    family: str | None = None   # the generic instruction whose family this belongs to
    inputs: Size = Size()       # stack entries read (for macros: of the first micro-op)
    stage: int = 0              # the lowest stage whose loop has it (its definition's folder)
    internal: bool = False      # written only by the interpreter: make_code rejects it


@dataclass
class Analysis:
    definitions: Definitions
    opcodes: list[Opcode] = field(default_factory=list)
    have_argument: int = 0
    by_name: dict[str, Instruction] = field(default_factory=dict)
    changes: list = field(default_factory=list)     # parsed.Change, in file order
    uops: list[str] = field(default_factory=list)   # micro-op names, by micro-op number

    def opcode(self, name: str) -> Opcode:
        for op in self.opcodes:
            if op.name == name:
                return op
        raise KeyError(name)


def analyze(defs: Definitions) -> Analysis:
    defs.families = _merge_family_extensions(defs.families)
    result = Analysis(defs)
    seen: dict[str, Instruction | Macro] = {}
    base_macros: dict[str, Macro] = {}
    recomposed: list[tuple[Macro, Macro]] = []   # (a stage's composition, a later stage's)
    for definition in [*defs.instructions, *defs.macros]:
        first = seen.get(definition.name)
        if first is not None and isinstance(first, Macro) and isinstance(definition, Macro) \
                and definition.stage > first.stage:
            # Checked below: a stage composes into the base form, or into an
            # earlier stage's composition of it (stage 2 into stage 1's CALL).
            base_macros.setdefault(definition.name, first)
            if first is not base_macros[definition.name]:
                recomposed.append((first, definition))
        elif first is not None:
            raise DSLError(f"{definition.name} is defined twice (first at {first.filename}:{first.line})",
                           definition.filename, definition.line)
        seen[definition.name] = definition
    for inst in defs.instructions:
        with _located(inst.filename, inst.line):
            _check_instruction(inst, inst.filename)
        result.by_name[inst.name] = inst
    composed = {name: seen[name] for name in base_macros}
    for name, base in base_macros.items():
        _check_composition(base, composed[name], result.by_name)
    for earlier, later in recomposed:
        _check_recomposition(earlier, later, result.by_name)

    numbered: list[Opcode] = []
    for inst in defs.instructions:
        if inst.kind == "inst":
            with _located(inst.filename, inst.line):
                numbered.append(_opcode_of_inst(inst, inst.filename))
    for macro in defs.macros:
        if macro.name in base_macros and macro is not composed[macro.name]:
            continue   # the base form; the stage's composition stands for it
        with _located(macro.filename, macro.line):
            op = _opcode_of_macro(macro, result.by_name, macro.filename)
        if macro.name in base_macros:
            op.stage = base_macros[macro.name].stage
            op.shadow = "shadow" in base_macros[macro.name].annotations
        numbered.append(op)
    _check_families(defs, numbered)
    result.changes = _check_changes(defs, numbered)

    # Numbering: CACHE (if defined) is 0 as in CPython; instructions without an
    # argument come next, then HAVE_ARGUMENT, then those with one, in file order.
    # Mirrored instructions with an argument keep CPython 3.11's numbers
    # (_pinned_numbers): fivefold's bytecode is the shadow's own code array.
    ordered = sorted(numbered, key=lambda op: (op.name != "CACHE", op.has_arg))
    pinned = _pinned_numbers(ordered, defs.filename)
    free = (n for n in range(MAX_OPCODE + 1) if n not in pinned.values())
    for op in ordered:
        op.number = pinned[op.name] if op.name in pinned else next(free, MAX_OPCODE + 1)
        if op.number > MAX_OPCODE:
            raise DSLError(f"{len(ordered)} opcodes do not fit in a byte", defs.filename, 0)
    if any(not op.has_arg and op.number >= min(pinned.values(), default=MAX_OPCODE + 1) for op in ordered):
        raise DSLError("too many instructions without an argument: they reach the pinned numbers",
                       defs.filename, 0)
    ordered.sort(key=lambda op: op.number)
    result.opcodes = ordered
    with_arg = [op.number for op in ordered if op.has_arg]
    result.have_argument = with_arg[0] if with_arg else len(ordered)
    # Micro-ops: every op and every inst (an inst is one micro-op), numbered in
    # their own space, apart from opcodes (stage 3's traces are made of them).
    result.uops = [inst.name for inst in defs.instructions]
    return result


def _pinned_numbers(ordered: list[Opcode], filename: str) -> dict[str, int]:
    """CPython 3.11's opcode numbers for the mirrored instructions with an
    argument: the loops run fivefold's bytecode in the shadow code object's own
    code array (docs/engine.md section 1), where CPython 3.11 reads these by
    number while a frame is suspended or inspected: RESUME after a yield
    (_PyGen_yf: gen.throw, gen.close, gi_yieldfrom, cr_await), MAKE_CELL and
    COPY_FREE_VARS (frame.f_locals before and after they ran) and SEND's oparg
    (gen.throw leaving a `yield from`). The shadow mirrors the instructions
    without an argument (YIELD_VALUE, RETURN_GENERATOR) in its co_code only, which
    CPython reads for everything else (code.co_code, marshal, f_lineno jumps)."""
    import opcode as cpython_opcode

    pinned = {}
    for op in ordered:
        if op.shadow and op.has_arg:
            number = cpython_opcode.opmap[op.name]
            if number < cpython_opcode.HAVE_ARGUMENT:
                raise DSLError(f"{op.name}: CPython's number {number} has no argument", filename, 0)
            pinned[op.name] = number
    return pinned


def _check_composition(base: Macro, stage_macro: Macro, by_name: dict[str, Instruction]) -> None:
    """A later stage may compose micro-ops of its own into an earlier stage's
    instruction by defining a macro of the same name: the same micro-ops in the
    same order, each specializing op standing where the earlier form reserves as
    many cache units (``unused/N``), and, anywhere, ops of the later stage that
    leave the stack as they found it (they either fall through or leave the
    instruction); such an op that reads cache units stands, as a specializing
    op does, where the earlier form leaves as many unused (the earlier stage's
    specializer must leave them in a state the later op understands). So the
    instruction's layout, and every code object, is the same whichever stages
    are built or on; the added ops run on later loops only."""
    def layout(macro: Macro, specializing_allowed: bool) -> list:
        parts: list = []
        for part in macro.parts:
            if isinstance(part, CacheEntry):
                units = part.size
            else:
                op = by_name.get(part)
                if op is None:
                    raise DSLError(f"macro {macro.name}: unknown micro-op {part!r}", macro.filename, macro.line)
                inserted = (specializing_allowed and not op.specializing and op.stage == stage_macro.stage
                            and op.stage > base.stage and op.effect.inputs == op.effect.outputs)
                if inserted and not op.effect.caches:
                    continue   # inserted by the later stage
                if not op.specializing and not inserted:
                    parts.append(part)
                    continue
                if not specializing_allowed:
                    raise DSLError(f"macro {macro.name}: the base form may not hold specializing "
                                   f"micro-op {part}", macro.filename, macro.line)
                units = op.effect.cache_size
            if parts and isinstance(parts[-1], int):
                parts[-1] += units
            else:
                parts.append(units)
        return parts

    if not any(not isinstance(p, CacheEntry) and by_name.get(p) is not None
               and by_name[p].stage == stage_macro.stage for p in stage_macro.parts):
        raise DSLError(f"macro {stage_macro.name} is defined again in a stage without a micro-op "
                       f"of that stage (first at {base.filename}:{base.line})", stage_macro.filename, stage_macro.line)
    if layout(base, False) != layout(stage_macro, True):
        raise DSLError(f"macro {stage_macro.name}: a stage's composition must keep the base's micro-ops and "
                       f"put specializing micro-ops where the base has as many unused cache units "
                       f"({base.filename}:{base.line})", stage_macro.filename, stage_macro.line)


def _check_recomposition(earlier: Macro, later: Macro, by_name: dict[str, Instruction]) -> None:
    """A later stage's composition of an instruction an earlier stage composed
    already keeps the earlier one's parts in order, adding only its own
    stack-neutral micro-ops (no caches, not specializing)."""
    def own(part) -> bool:
        op = None if isinstance(part, CacheEntry) else by_name.get(part)
        return (op is not None and op.stage == later.stage and not op.specializing
                and not op.effect.caches and op.effect.inputs == op.effect.outputs)
    if [p for p in later.parts if not own(p)] != list(earlier.parts):
        raise DSLError(f"macro {later.name}: a later stage's composition must keep the parts of "
                       f"{earlier.filename}:{earlier.line}'s in order and add only stack-neutral "
                       f"micro-ops of its own", later.filename, later.line)


def _check_changes(defs: Definitions, opcodes: list[Opcode]) -> list:
    by_name = {op.name: op for op in opcodes}
    seen: dict[str, object] = {}
    for change in defs.changes:
        where = (change.filename, change.line)
        if change.id in seen:
            raise DSLError(f"change {change.id} is declared twice", *where)
        seen[change.id] = change
        if change.id.split(".")[0] != f"s{change.stage}":
            raise DSLError(f"change {change.id} is declared in a stage-{change.stage} file: its id "
                           f"must start with s{change.stage}.", *where)
        for name in change.opcodes:
            if name not in by_name:
                raise DSLError(f"change {change.id}: no instruction named {name!r}", *where)
    return list(defs.changes)


@contextlib.contextmanager
def _located(filename: str, line: int):
    """Give errors raised without a location (expression errors) this one."""
    try:
        yield
    except DSLError as err:
        if err.line == 0:
            raise DSLError(err.message, filename, line) from None
        raise


def _check_instruction(inst: Instruction, fn: str) -> None:
    where = inst.name
    for annotation in inst.annotations:
        if annotation == "shadow" and inst.kind != "inst":
            raise DSLError(f"{where}: only an 'inst' can be mirrored into the shadow code", fn, inst.line)
        if annotation == "internal" and inst.kind != "inst":
            raise DSLError(f"{where}: only an 'inst' can be internal", fn, inst.line)
        if annotation == "specializing" and (inst.kind != "op" or inst.stage == 0):
            raise DSLError(f"{where}: a specializing micro-op is an 'op' in a stage's folder "
                           "(tier 0 does not specialize)", fn, inst.line)
    if inst.specializing and inst.effect.inputs != inst.effect.outputs:
        raise DSLError(f"{where}: a specializing micro-op leaves its inputs in place", fn, inst.line)
    effects = [inst.effect] + ([inst.jump_effect] if inst.jump_effect else [])
    for effect in effects:
        names: dict[str, StackItem] = {}
        for item in effect.inputs:
            total([item], where)   # parses sizes and conditions
            if not item.is_unused and item.name in names:
                raise DSLError(f"{where}: input {item.name!r} appears twice", fn, inst.line)
            names[item.name] = item
        out_names: set[str] = set()
        for item in effect.outputs:
            total([item], where)
            if not item.is_unused and item.name in out_names:
                raise DSLError(f"{where}: output {item.name!r} appears twice", fn, inst.line)
            out_names.add(item.name)
            same = names.get(item.name)
            if same is not None and not item.is_unused and (same.size, same.cond) != (item.size, item.cond):
                raise DSLError(f"{where}: {item.name!r} is an input and an output of different shapes",
                               fn, inst.line)
    if inst.jump_effect is not None and inst.jump_effect.inputs != inst.effect.inputs:
        raise DSLError(f"{where}: the jump stack effect must have the same inputs", fn, inst.line)
    jumps = {JUMP_MACROS[m] for m in _JUMP_USE.findall(inst.body)}
    if len(jumps) > 1:
        raise DSLError(f"{where}: jumps both forward and backward", fn, inst.line)
    if inst.jump_effect is not None and not jumps:
        raise DSLError(f"{where}: has a jump stack effect but never jumps "
                       f"({', '.join(JUMP_MACROS)})", fn, inst.line)


def _uses_oparg(inst: Instruction) -> bool:
    effects = [inst.effect] + ([inst.jump_effect] if inst.jump_effect else [])
    texts = [inst.body] + [i.size + " " + i.cond for e in effects for i in (*e.inputs, *e.outputs)]
    return any(_OPARG_USE.search(text) for text in texts)


def _jump_kind(inst: Instruction) -> str | None:
    kinds = {JUMP_MACROS[m] for m in _JUMP_USE.findall(inst.body)}
    return kinds.pop() if kinds else None


def _opcode_of_inst(inst: Instruction, fn: str) -> Opcode:
    where = inst.name
    net = total(inst.effect.outputs, where) - total(inst.effect.inputs, where)
    jump_net = net
    if inst.jump_effect is not None:
        jump_net = total(inst.jump_effect.outputs, where) - total(inst.jump_effect.inputs, where)
    return Opcode(inst.name, -1, _uses_oparg(inst), inst.effect.cache_size, net, jump_net,
                  _jump_kind(inst), "shadow" in inst.annotations, inst,
                  inputs=total(inst.effect.inputs, where), stage=inst.stage,
                  internal="internal" in inst.annotations)


def _opcode_of_macro(macro: Macro, by_name: dict[str, Instruction], fn: str) -> Opcode:
    net = Size()
    deepest = Size()
    cache = 0
    has_arg = False
    for part in macro.parts:
        if isinstance(part, CacheEntry):
            if part.name != "unused":
                raise DSLError(f"macro {macro.name}: a cache entry in a macro must be 'unused/N'",
                               fn, macro.line)
            cache += part.size
            continue
        op = by_name.get(part)
        if op is None:
            raise DSLError(f"macro {macro.name}: unknown micro-op {part!r}", fn, macro.line)
        if op.kind != "op":
            raise DSLError(f"macro {macro.name}: {part} is an 'inst'; macros are made of 'op's",
                           fn, macro.line)
        if _jump_kind(op) is not None and part is not macro.parts[-1]:
            # Only the last micro-op may jump: the jump leaves the instruction, so
            # nothing after it would run.
            raise DSLError(f"macro {macro.name}: micro-op {part} jumps but is not the last part",
                           fn, macro.line)
        where = op.name
        if deepest.is_zero:
            deepest = total(op.effect.inputs, where) - net
        net = net + total(op.effect.outputs, where) - total(op.effect.inputs, where)
        cache += op.effect.cache_size
        has_arg = has_arg or _uses_oparg(op)
    # A jumping last micro-op: the macro's jump effect is the one of everything
    # before it plus that micro-op's jump effect.
    last = by_name[macro.parts[-1]] if not isinstance(macro.parts[-1], CacheEntry) else None
    jump = _jump_kind(last) if last is not None else None
    jump_net = net
    if jump is not None and last.jump_effect is not None:
        where = last.name
        before = net - (total(last.effect.outputs, where) - total(last.effect.inputs, where))
        jump_net = before + total(last.jump_effect.outputs, where) - total(last.jump_effect.inputs, where)
    return Opcode(macro.name, -1, has_arg, cache, net, jump_net, jump, "shadow" in macro.annotations, macro,
                  inputs=deepest, stage=macro.stage)


def _merge_family_extensions(families: list[Family]) -> list[Family]:
    """Fold each ``family(X) += {...}`` into the ``family(X) = {...}`` it extends:
    the members a later stage adds (written by its specializer hooks) belong to
    X like the earlier stage's own (same cache layout and stack effect, deopt to
    X). The merged family keeps the declaring stage, so X's label is gated as before."""
    declared = {f.name: f for f in families if not f.extends}
    merged = {name: dataclasses.replace(f) for name, f in declared.items()}
    for ext in (f for f in families if f.extends):
        base = declared.get(ext.name)
        if base is None:
            raise DSLError(f"family {ext.name} += {{...}}: no family {ext.name} to add to "
                           f"(an earlier stage declares it with family({ext.name}) = {{...}})",
                           ext.filename, ext.line)
        if ext.stage <= base.stage:
            raise DSLError(f"family {ext.name} += {{...}}: only a later stage than the family's own "
                           f"(stage {base.stage}, {base.filename}:{base.line}) may add members",
                           ext.filename, ext.line)
        merged[ext.name].members += ext.members
    return [merged[f.name] for f in families if not f.extends]


def _check_families(defs: Definitions, opcodes: list[Opcode]) -> None:
    by_name = {op.name: op for op in opcodes}
    member_of: dict[str, str] = {}
    for family in defs.families:
        fn = family.filename
        if family.name not in by_name:
            raise DSLError(f"family {family.name}: no instruction named {family.name}", fn, family.line)
        base = by_name[family.name]
        for member in family.members:
            op = by_name.get(member)
            if op is None:
                raise DSLError(f"family {family.name}: unknown member {member!r}", fn, family.line)
            if member in member_of:
                raise DSLError(f"family {family.name}: {member} already belongs to family "
                               f"{member_of[member]}", fn, family.line)
            member_of[member] = family.name
            if member == family.name:
                continue
            if op.cache_size != base.cache_size:
                raise DSLError(f"family {family.name}: {member} has {op.cache_size} cache entries, "
                               f"{family.name} has {base.cache_size}", fn, family.line)
            if op.net != base.net or op.jump_net != base.jump_net:
                raise DSLError(f"family {family.name}: {member} has a different stack effect",
                               fn, family.line)
            op.family = family.name
    for op in opcodes:
        body = op.definition.body if isinstance(op.definition, Instruction) else ""
        if re.search(r"\bDEOPT_IF\s*\(", body) and op.family is None:
            raise DSLError(f"{op.name}: DEOPT_IF is only allowed in a specialized member of a family",
                           op.definition.filename, op.definition.line)
