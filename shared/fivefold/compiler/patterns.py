"""Structural pattern matching: the `match` statement (CPython 3.11 compile.c
compiler_match, compiler_match_inner and compiler_pattern_*).

A pattern is compiled against the subject on top of the stack. While it runs,
the values it captures are kept on the stack below whatever the pattern still
needs (`on_top` items), first capture on top; a failing check jumps to the
`fail_pop` label that pops exactly what is on the stack at that point. Once the
whole pattern matched, the captures are stored in order. The same instruction
sequences as 3.11, positions included: a pattern node sets the current
position and leaves it set (SET_LOC), expressions restore it (VISIT).
"""

from __future__ import annotations

import ast

from fivefold.compiler.errors import CompileError
from fivefold.compiler.instr import Label
from fivefold.compiler.unit import set_pos

_EQ, _GTE = 2, 5  # COMPARE_OP arguments
_NB_SUBTRACT = 10  # BINARY_OP argument


def is_wildcard(p) -> bool:
    return isinstance(p, ast.MatchAs) and p.pattern is None and p.name is None


def is_star_wildcard(p) -> bool:
    return isinstance(p, ast.MatchStar) and p.name is None


class PatternContext:
    """CPython's pattern_context. (Written out, not a dataclass: dataclasses would bring
    inspect, copy and re into every compiling run.)"""

    __slots__ = ("stores", "allow_irrefutable", "fail_pop", "on_top")

    def __init__(self, stores: list | None = None, allow_irrefutable: bool = False,
                 fail_pop: list | None = None, on_top: int = 0):
        self.stores = [] if stores is None else stores  # names captured so far, in order
        self.allow_irrefutable = allow_irrefutable
        self.fail_pop = [] if fail_pop is None else fail_pop  # fail_pop[n]: pops n, then fails
        self.on_top = on_top  # items above the captures that a failure must pop too


class Patterns:
    """Mixin of the Compiler for `match`."""

    def stmt_Match(self, node: ast.Match) -> None:
        pc = PatternContext()
        self.visit_expr(node.subject)
        end = Label("match_end")
        cases = node.cases
        last = cases[-1]
        has_default = is_wildcard(last.pattern) and len(cases) > 1
        for i, case in enumerate(cases[:len(cases) - has_default]):
            set_pos(self.u, case.pattern)
            not_last = i != len(cases) - has_default - 1
            # Only copy the subject if we're *not* on the last case:
            if not_last:
                self.emit("COPY", 1)
            pc.stores = []
            # Irrefutable cases must be either guarded, last, or both:
            pc.allow_irrefutable = case.guard is not None or i == len(cases) - 1
            pc.fail_pop = []
            pc.on_top = 0
            self.pattern(case.pattern, pc)
            assert pc.on_top == 0
            # It's a match! Store all of the captured names (they're on the stack).
            for name in pc.stores:
                self.nameop(name, ast.Store())
            if case.guard is not None:
                self.ensure_fail_pop(pc, 0)
                self.jump_if(case.guard, pc.fail_pop[0], False)
            # Success! Pop the subject off, we're done with it:
            if not_last:
                self.emit("POP_TOP")
            self.visit_stmts(case.body)
            self.unset_loc()
            self.emit("JUMP", target=end)
            # A failed pattern's cleanup belongs to the pattern's line, not the body's.
            set_pos(self.u, case.pattern)
            self.emit_and_reset_fail_pop(pc)
        if has_default:
            # A trailing "case _" saves a copy of the subject in every case above.
            set_pos(self.u, last.pattern)
            if len(cases) == 1:
                self.emit("POP_TOP")
            else:
                self.emit("NOP")  # line coverage for the default case
            if last.guard is not None:
                self.jump_if(last.guard, end, False)
            self.visit_stmts(last.body)
            self.unset_loc()
        self.u.place(end)

    # --- the fail_pop blocks -------------------------------------------------------
    def ensure_fail_pop(self, pc: PatternContext, n: int) -> None:
        while len(pc.fail_pop) < n + 1:
            pc.fail_pop.append(Label("fail_pop"))

    def jump_to_fail_pop(self, pc: PatternContext, op: str) -> None:
        """Jump to where the items on top and the captures so far are popped."""
        pops = pc.on_top + len(pc.stores)
        self.ensure_fail_pop(pc, pops)
        self.emit(op, target=pc.fail_pop[pops])

    def emit_and_reset_fail_pop(self, pc: PatternContext) -> None:
        """fail_pop[n] for n down to 1 pops one item and falls into fail_pop[n - 1]."""
        if not pc.fail_pop:
            return
        for label in reversed(pc.fail_pop[1:]):
            self.u.place(label)
            self.emit("POP_TOP")
        self.u.place(pc.fail_pop[0])
        pc.fail_pop = []

    # --- helpers -------------------------------------------------------------------
    def pattern_rotate(self, count: int) -> None:
        """3.10's ROT_N, as SWAPs."""
        while count > 1:
            self.emit("SWAP", count)
            count -= 1

    def pattern_store_name(self, name: str | None, pc: PatternContext) -> None:
        if name is None:
            self.emit("POP_TOP")
            return
        if name in pc.stores:
            raise CompileError(f"multiple assignments to name {name!r} in pattern")
        # Rotate this object underneath any items we need to preserve:
        self.pattern_rotate(pc.on_top + len(pc.stores) + 1)
        pc.stores.append(name)

    def pattern_unpack(self, patterns) -> None:
        n = len(patterns)
        for i, p in enumerate(patterns):
            if isinstance(p, ast.MatchStar):
                self.emit("UNPACK_EX", i + ((n - i - 1) << 8))
                return
        self.emit("UNPACK_SEQUENCE", n)

    def pattern_sequence_unpack(self, patterns, pc: PatternContext) -> None:
        self.pattern_unpack(patterns)
        # New subjects on the stack: they stay there after each subpattern.
        pc.on_top += len(patterns)
        for p in patterns:
            pc.on_top -= 1
            self.subpattern(p, pc)

    def pattern_sequence_subscr(self, patterns, star: int, pc: PatternContext) -> None:
        """BINARY_SUBSCR instead of unpacking, for a starred wildcard ([a, *_, b])."""
        pc.on_top += 1  # the subject stays for extracting elements
        size = len(patterns)
        for i, p in enumerate(patterns):
            if is_wildcard(p) or i == star:
                continue
            self.emit("COPY", 1)
            if i < star:
                self.load_const(i)
            else:
                # The subject may not support negative indexing: a nonnegative index.
                self.emit("GET_LEN")
                self.load_const(size - i)
                self.emit("BINARY_OP", _NB_SUBTRACT)
            self.emit("BINARY_SUBSCR")
            self.subpattern(p, pc)
        pc.on_top -= 1
        self.emit("POP_TOP")

    # --- patterns ----------------------------------------------------------------------
    def subpattern(self, p, pc: PatternContext) -> None:
        """A pattern inside another: irrefutable ones are always allowed."""
        allow = pc.allow_irrefutable
        pc.allow_irrefutable = True
        self.pattern(p, pc)
        pc.allow_irrefutable = allow

    def pattern(self, p, pc: PatternContext) -> None:
        set_pos(self.u, p)
        method = getattr(self, "pattern_" + type(p).__name__, None)
        if method is None:
            raise CompileError(f"unsupported pattern {type(p).__name__}")
        method(p, pc)

    def pattern_MatchValue(self, p: ast.MatchValue, pc: PatternContext) -> None:
        self.visit_expr(p.value)
        self.emit("COMPARE_OP", _EQ)
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")

    def pattern_MatchSingleton(self, p: ast.MatchSingleton, pc: PatternContext) -> None:
        self.load_const(p.value)
        self.emit("IS_OP", 0)
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")

    def pattern_MatchAs(self, p: ast.MatchAs, pc: PatternContext) -> None:
        if p.pattern is None:
            if not pc.allow_irrefutable:
                raise CompileError("irrefutable pattern makes remaining patterns unreachable")
            self.pattern_store_name(p.name, pc)
            return
        # A copy for (possibly) storing later:
        pc.on_top += 1
        self.emit("COPY", 1)
        self.pattern(p.pattern, pc)
        pc.on_top -= 1
        self.pattern_store_name(p.name, pc)

    def pattern_MatchStar(self, p: ast.MatchStar, pc: PatternContext) -> None:
        self.pattern_store_name(p.name, pc)

    def pattern_MatchSequence(self, p: ast.MatchSequence, pc: PatternContext) -> None:
        patterns = p.patterns
        size = len(patterns)
        star = -1
        only_wildcard = True
        star_wildcard = False
        for i, sub in enumerate(patterns):
            if isinstance(sub, ast.MatchStar):
                star_wildcard = is_star_wildcard(sub)
                only_wildcard &= star_wildcard
                star = i
                continue
            only_wildcard &= is_wildcard(sub)
        # The subject stays on top during the sequence and length checks:
        pc.on_top += 1
        self.emit("MATCH_SEQUENCE")
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        if star < 0:
            self.emit("GET_LEN")
            self.load_const(size)
            self.emit("COMPARE_OP", _EQ)
            self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        elif size > 1:
            # Star: len(subject) >= size - 1 (nothing to check for [*x])
            self.emit("GET_LEN")
            self.load_const(size - 1)
            self.emit("COMPARE_OP", _GTE)
            self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        # Whatever comes next consumes the subject:
        pc.on_top -= 1
        if only_wildcard:
            self.emit("POP_TOP")  # [] / [_] / [_, _] / [*_] / [_, *_] / ...
        elif star_wildcard:
            self.pattern_sequence_subscr(patterns, star, pc)
        else:
            self.pattern_sequence_unpack(patterns, pc)

    def pattern_MatchMapping(self, p: ast.MatchMapping, pc: PatternContext) -> None:
        keys, patterns, rest = p.keys, p.patterns, p.rest
        size = len(keys)
        # The subject stays on top during the mapping and length checks:
        pc.on_top += 1
        self.emit("MATCH_MAPPING")
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        if not size and rest is None:
            # "{}": done, pop the subject.
            pc.on_top -= 1
            self.emit("POP_TOP")
            return
        if size:
            self.emit("GET_LEN")
            self.load_const(size)
            self.emit("COMPARE_OP", _GTE)
            self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        for key in keys:
            self.visit_expr(key)
        self.emit("BUILD_TUPLE", size)
        self.emit("MATCH_KEYS")
        # A tuple of keys and a tuple of values (or None) on top of the subject:
        pc.on_top += 2
        self.emit("COPY", 1)
        self.load_const(None)
        self.emit("IS_OP", 1)
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        self.emit("UNPACK_SEQUENCE", size)
        pc.on_top += size - 1
        for sub in patterns:
            pc.on_top -= 1
            self.subpattern(sub, pc)
        # A match: what comes next consumes the tuple of keys and the subject.
        pc.on_top -= 2
        if rest is not None:
            # rest = dict(subject); del rest[key] for each key
            self.emit("BUILD_MAP", 0)          # [subject, keys, empty]
            self.emit("SWAP", 3)               # [empty, keys, subject]
            self.emit("DICT_UPDATE", 2)        # [copy, keys]
            self.emit("UNPACK_SEQUENCE", size)  # [copy, keys...]
            n = size
            while n:
                self.emit("COPY", 1 + n)      # [copy, keys..., copy]
                n -= 1
                self.emit("SWAP", 2)           # [copy, keys..., copy, key]
                self.emit("DELETE_SUBSCR")     # [copy, keys...]
            self.pattern_store_name(rest, pc)
        else:
            self.emit("POP_TOP")  # the tuple of keys
            self.emit("POP_TOP")  # the subject

    def pattern_MatchClass(self, p: ast.MatchClass, pc: PatternContext) -> None:
        patterns, attrs, kwd_patterns = p.patterns, p.kwd_attrs, p.kwd_patterns
        nargs, nattrs = len(patterns), len(attrs)
        if nattrs:
            # validate_kwd_attrs moves the location to each keyword pattern, then back.
            set_pos(self.u, p)
        self.visit_expr(p.cls)
        self.load_const(tuple(attrs))
        self.emit("MATCH_CLASS", nargs)
        self.emit("COPY", 1)
        self.load_const(None)
        self.emit("IS_OP", 1)
        # A tuple of nargs + nattrs attributes (or None) on top:
        pc.on_top += 1
        self.jump_to_fail_pop(pc, "POP_JUMP_IF_FALSE")
        self.emit("UNPACK_SEQUENCE", nargs + nattrs)
        pc.on_top += nargs + nattrs - 1
        for sub in list(patterns) + list(kwd_patterns):
            pc.on_top -= 1
            if is_wildcard(sub):
                self.emit("POP_TOP")
                continue
            self.subpattern(sub, pc)

    def pattern_MatchOr(self, p: ast.MatchOr, pc: PatternContext) -> None:
        end = Label("or_end")
        size = len(p.patterns)
        # We're going to be messing with pc: keep the original handy.
        old_stores, old_allow = pc.stores, pc.allow_irrefutable
        old_fail_pop, old_on_top = pc.fail_pop, pc.on_top
        # control: the names bound by the first alternative, in the order the
        # other alternatives must leave them on the stack.
        control = None
        for i, alt in enumerate(p.patterns):
            set_pos(self.u, alt)
            pc.stores = []
            # An irrefutable alternative must be last, if it is allowed at all:
            pc.allow_irrefutable = i == size - 1 and old_allow
            pc.fail_pop = []
            pc.on_top = 0
            self.emit("COPY", 1)
            self.pattern(alt, pc)
            if control is None:
                control = pc.stores
            elif len(pc.stores) != len(control):
                raise CompileError("alternative patterns bind different names")
            elif pc.stores:
                # Reorder the captures on the stack to control's order.
                icontrol = len(pc.stores)
                while icontrol:
                    icontrol -= 1
                    name = control[icontrol]
                    if name not in pc.stores:
                        raise CompileError("alternative patterns bind different names")
                    istores = pc.stores.index(name)
                    if icontrol != istores:
                        assert istores < icontrol
                        rotations = istores + 1
                        rotated = pc.stores[:rotations]
                        del pc.stores[:rotations]
                        pc.stores[icontrol - istores:icontrol - istores] = rotated
                        for _ in range(rotations):
                            self.pattern_rotate(icontrol + 1)
            self.emit("JUMP", target=end)
            self.emit_and_reset_fail_pop(pc)
        pc.stores, pc.allow_irrefutable = old_stores, old_allow
        pc.fail_pop, pc.on_top = old_fail_pop, old_on_top
        # No alternative matched: pop the remaining copy of the subject and fail.
        self.emit("POP_TOP")
        self.jump_to_fail_pop(pc, "JUMP")
        self.u.place(end)
        nstores = len(control)
        # Between the new captures and where they belong: the other new captures,
        # the copy of the subject, what is on top, and the earlier captures.
        nrots = nstores + 1 + pc.on_top + len(pc.stores)
        for name in control:
            self.pattern_rotate(nrots)
            if name in pc.stores:
                raise CompileError(f"multiple assignments to name {name!r} in pattern")
            pc.stores.append(name)
        # Pop the copy of the subject:
        self.emit("POP_TOP")
