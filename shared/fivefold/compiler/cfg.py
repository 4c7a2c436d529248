"""The control-flow graph passes of CPython 3.11's assembler, on our instruction list.

In order (as compile.c's assemble() runs them): split into basic blocks, small
peephole folds (with swaptimize) and exit-block inlining (optimize_cfg), removal
of unreachable blocks and of jumps to the next block, line-number propagation
(propagate_line_numbers, guarantee_lineno_for_exits), stack depths (stackdepth),
exception handlers per instruction (label_exception_targets) and NOP removal
(clean_basic_block).
"""

from __future__ import annotations

from fivefold.compiler.instr import Instr, Label, Position
from fivefold.compiler.isa import (DIRECTIONAL_JUMPS, FORWARD_ONLY_JUMPS, NO_FALLTHROUGH,
                                   SETUP_OPS, Isa)

EXIT_OPS = {"RETURN_VALUE", "RAISE_VARARGS", "RERAISE"}
UNCONDITIONAL_JUMPS = {"JUMP", "JUMP_NO_INTERRUPT", "JUMP_FORWARD", "JUMP_BACKWARD",
                       "JUMP_BACKWARD_NO_INTERRUPT"}
MAX_COPY_SIZE = 4
# The instructions fold_block's rewrites start at.
_FOLD_STARTS = frozenset({"LOAD_CONST", "BUILD_TUPLE", "SWAP", "PUSH_NULL"})
_THREADABLE = {"POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE", "POP_JUMP_IF_NONE",
               "POP_JUMP_IF_NOT_NONE", "JUMP", "JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP"}


def is_jump(instr: Instr) -> bool:
    return instr.target is not None and instr.name not in SETUP_OPS


class Block:
    """A basic block; compared and hashed by identity. (Slots, not a dataclass: one
    per basic block, and dataclasses would bring inspect, copy and re into every
    compiling run.)"""

    __slots__ = ("label", "instrs", "startdepth", "preserve_lasti", "visited", "offset")

    def __init__(self, label: Label | None, instrs: list[Instr] | None = None,
                 startdepth: int = -1, preserve_lasti: bool = False, visited: bool = False,
                 offset: int = 0):
        self.label = label
        self.instrs = [] if instrs is None else instrs
        self.startdepth = startdepth
        self.preserve_lasti = preserve_lasti
        self.visited = visited
        self.offset = offset

    def last(self) -> Instr | None:
        return self.instrs[-1] if self.instrs else None

    def falls_through(self) -> bool:
        last = self.last()
        return last is None or last.name not in NO_FALLTHROUGH

    def exits(self) -> bool:
        last = self.last()
        return last is not None and last.name in EXIT_OPS


class Cfg:
    """The basic blocks of one code unit, in layout order."""

    def __init__(self, items: list):
        block = Block(None)
        self.blocks: list[Block] = [block]
        self.by_label: dict[Label, Block] = {}
        for item in items:
            if isinstance(item, Label):
                if block.instrs:
                    block = Block(item)
                    self.blocks.append(block)
                self.by_label[item] = block  # consecutive labels share one block
                continue
            if block.instrs and (is_jump(block.instrs[-1])
                                 or block.instrs[-1].name in NO_FALLTHROUGH):
                block = Block(None)
                self.blocks.append(block)
            block.instrs.append(item)

    def target(self, instr: Instr) -> Block:
        return self.by_label[instr.target]

    @property
    def blocks(self) -> list[Block]:
        return self._blocks

    @blocks.setter
    def blocks(self, blocks: list[Block]) -> None:
        self._blocks = blocks
        self._next = None

    def _blocks_changed(self) -> None:
        self._next = None

    def next_of(self, block: Block) -> Block | None:
        # The block after each block, by identity; rebuilt after the list changes
        # (list.index on every call made the passes quadratic in the blocks).
        nxt = self._next
        if nxt is None:
            blocks = self._blocks
            nxt = self._next = {id(b): blocks[i + 1] if i + 1 < len(blocks) else None
                                for i, b in enumerate(blocks)}
        return nxt[id(block)]

    def next_nonempty(self, block: Block) -> Block | None:
        nxt = self.next_of(block)
        while nxt is not None and not nxt.instrs:
            nxt = self.next_of(nxt)
        return nxt

    # --- optimize_cfg -------------------------------------------------------------
    def optimize(self, consts: list, add_const) -> None:
        for block in self.blocks:
            self.extend_block(block)
        for block in self.blocks:
            self.fold_block(block, consts, add_const)
            clean_block(block, self.next_nonempty(block))
        for block in self.blocks:
            self.extend_block(block)
        self.remove_unreachable()
        for block in self.blocks:
            clean_block(block, self.next_nonempty(block))
        changed = False
        for block in self.blocks:
            last = block.last()
            if last is not None and last.name in ("JUMP", "JUMP_NO_INTERRUPT"):
                if self.target(last) is self.next_nonempty(block):
                    last.name, last.target = "NOP", None
                    clean_block(block, self.next_nonempty(block))
                    changed = True
        if changed:
            self.drop_empty_blocks()

    def extend_block(self, block: Block) -> None:
        """Copy a small block that ends the code into a jump to it (extend_block)."""
        last = block.last()
        if last is None or last.name not in ("JUMP", "JUMP_FORWARD", "JUMP_BACKWARD"):
            return
        target = self.target(last)
        # Only artificial blocks (an implicit `return None`) are copied.
        if target.exits() and len(target.instrs) <= MAX_COPY_SIZE \
                and all(i.pos is None for i in target.instrs):
            last.name, last.target = "NOP", None
            for instr in target.instrs:
                block.instrs.append(Instr(instr.name, instr.arg, instr.target, instr.pos))

    def fold_block(self, block: Block, consts: list, add_const) -> None:
        """The few peephole folds of optimize_basic_block that matter here."""
        instrs = block.instrs
        skip_to = 0  # swaptimize handles a run of SWAPs at once
        for i, instr in enumerate(instrs):
            if i < skip_to or instr.name not in _FOLD_STARTS:
                continue
            nxt = instrs[i + 1] if i + 1 < len(instrs) else None
            if instr.name == "LOAD_CONST" and nxt is not None \
                    and nxt.name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE"):
                value = consts[instr.arg]
                try:
                    is_true = bool(value)
                except Exception:
                    continue
                instr.name, instr.arg = "NOP", 0
                if is_true == (nxt.name == "POP_JUMP_IF_TRUE"):
                    nxt.name = "JUMP"
                else:
                    nxt.name, nxt.target = "NOP", None
            elif instr.name == "LOAD_CONST" and nxt is not None \
                    and nxt.name in ("JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP"):
                try:
                    is_true = bool(consts[instr.arg])
                except Exception:
                    continue
                if is_true == (nxt.name == "JUMP_IF_TRUE_OR_POP"):
                    nxt.name = "JUMP"
                else:
                    instr.name, instr.arg = "NOP", 0
                    nxt.name, nxt.target = "NOP", None
            elif instr.name == "LOAD_CONST" and consts[instr.arg] is None and nxt is not None \
                    and nxt.name == "IS_OP" and i + 2 < len(instrs) \
                    and instrs[i + 2].name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE"):
                jump = instrs[i + 2]
                invert = bool(nxt.arg) != (jump.name == "POP_JUMP_IF_FALSE")
                instr.name, instr.arg = "NOP", 0
                nxt.name, nxt.arg = "NOP", 0
                jump.name = "POP_JUMP_IF_NOT_NONE" if invert else "POP_JUMP_IF_NONE"
            elif instr.name == "BUILD_TUPLE" and nxt is not None \
                    and nxt.name == "UNPACK_SEQUENCE" and nxt.arg == instr.arg \
                    and instr.arg in (1, 2, 3):
                if instr.arg == 1:
                    instr.name = nxt.name = "NOP"
                    instr.arg = nxt.arg = 0
                else:
                    instr.name, instr.arg = "NOP", 0
                    nxt.name = "SWAP"
            elif instr.name == "SWAP":
                if instr.arg == 1:
                    instr.name, instr.arg = "NOP", 0
                else:
                    last = swaptimize(instrs, i)
                    skip_to = last + 1
                    apply_static_swaps(instrs, last)
            elif instr.name == "PUSH_NULL" and nxt is not None and nxt.name == "LOAD_GLOBAL" \
                    and not (nxt.arg & 1):
                instr.name = "NOP"
                nxt.arg |= 1
            elif instr.name == "BUILD_TUPLE" and i >= instr.arg and all(
                    p.name == "LOAD_CONST" for p in instrs[i - instr.arg:i]):
                # fold_tuple_on_constants: the tuple becomes one constant.
                items = instrs[i - instr.arg:i]
                value = tuple(consts[p.arg] for p in items)
                for p in items:
                    p.name, p.arg = "NOP", 0
                instr.name, instr.arg = "LOAD_CONST", add_const(value)
        last = instrs[-1] if instrs else None
        if last is not None and last.target is not None and last.name in _THREADABLE:
            self.thread_jump(last)
        # A jump that became unconditional ends the block.
        for i, instr in enumerate(instrs):
            if instr.name in NO_FALLTHROUGH:
                del instrs[i + 1:]
                break

    def thread_jump(self, instr: Instr) -> None:
        """Jump straight to where a jump on the same line goes (3.11 jump_thread)."""
        for _ in range(100):
            block = self.target(instr)
            while block is not None and not block.instrs:
                block = self.next_of(block)
            if block is None:
                return
            first = block.instrs[0]
            if first.target is None or _lineno(instr) != _lineno(first) \
                    or first.target is instr.target:
                return
            if instr.name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE", "POP_JUMP_IF_NONE",
                              "POP_JUMP_IF_NOT_NONE", "JUMP") and first.name == "JUMP":
                instr.target = first.target
            elif instr.name in ("JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP"):
                same = instr.name == "JUMP_IF_FALSE_OR_POP"
                pop_same = "POP_JUMP_IF_FALSE" if same else "POP_JUMP_IF_TRUE"
                keep_same = instr.name
                other = ("JUMP_IF_TRUE_OR_POP", "POP_JUMP_IF_TRUE") if same else \
                    ("JUMP_IF_FALSE_OR_POP", "POP_JUMP_IF_FALSE")
                if first.name == pop_same:
                    instr.name, instr.target = pop_same, first.target
                elif first.name in ("JUMP", keep_same):
                    instr.target = first.target
                elif first.name in other:
                    nxt = self.next_of(block)
                    if nxt is None:
                        return
                    if nxt.label is None:
                        nxt.label = Label("threaded")
                        self.by_label[nxt.label] = nxt
                    instr.name = pop_same
                    instr.target = nxt.label
                    return
                else:
                    return
            else:
                return

    def remove_unreachable(self) -> None:
        entry = self.blocks[0]
        for b in self.blocks:
            b.visited = False
        stack = [entry]
        entry.visited = True
        while stack:
            b = stack.pop()
            succ = []
            for instr in b.instrs:
                if instr.target is not None:
                    succ.append(self.target(instr))
            if b.falls_through():
                nxt = self.next_of(b)
                if nxt is not None:
                    succ.append(nxt)
            for s in succ:
                if not s.visited:
                    s.visited = True
                    stack.append(s)
        for b in self.blocks:
            if not b.visited:
                b.instrs = []
        self.drop_empty_blocks()

    def drop_empty_blocks(self) -> None:
        """Remove empty blocks; labels pointing at them move to the next non-empty one."""
        entry = self.blocks[0]
        remap = {}
        for b in self.blocks:
            if not b.instrs and b is not entry:
                remap[id(b)] = self.next_nonempty(b)
        for label, b in list(self.by_label.items()):
            if id(b) in remap and remap[id(b)] is not None:
                self.by_label[label] = remap[id(b)]
        self.blocks = [b for b in self.blocks if b.instrs or b is entry]

    # --- duplicate_exits_without_lineno ---------------------------------------------
    def predecessors(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for b in self.blocks:
            for instr in b.instrs:
                if instr.target is not None:
                    t = self.target(instr)
                    counts[id(t)] = counts.get(id(t), 0) + 1
            if b.falls_through():
                nxt = self.next_of(b)
                if nxt is not None:
                    counts[id(nxt)] = counts.get(id(nxt), 0) + 1
        return counts

    @staticmethod
    def exit_without_lineno(block: Block) -> bool:
        return block.exits() and all(i.pos is None for i in block.instrs)

    def duplicate_exits_without_lineno(self) -> None:
        """Give each jump to an artificial exit block its own copy, so that the copy
        can carry the jump's line (3.11 duplicate_exits_without_lineno)."""
        preds = self.predecessors()
        for b in reversed(list(self.blocks)):
            last = b.last()
            if last is None or not is_jump(last):
                continue
            target = self.target(last)
            if self.exit_without_lineno(target) and preds.get(id(target), 0) > 1:
                label = Label("exit_copy")
                copy = Block(label, [Instr(i.name, i.arg, i.target, i.pos) for i in target.instrs])
                copy.instrs[0].pos = last.pos
                self.by_label[label] = copy
                self.blocks.insert(self.blocks.index(target) + 1, copy)
                self._blocks_changed()
                last.target = label
                preds[id(target)] -= 1
        for b in self.blocks:
            nxt = self.next_of(b)
            if b.instrs and nxt is not None and b.falls_through() \
                    and self.exit_without_lineno(nxt):
                nxt.instrs[0].pos = b.instrs[-1].pos

    # --- propagate_line_numbers ---------------------------------------------------
    def propagate_line_numbers(self) -> None:
        predecessors: dict[int, int] = {}
        for b in self.blocks:
            for instr in b.instrs:
                if instr.target is not None:
                    t = self.target(instr)
                    predecessors[id(t)] = predecessors.get(id(t), 0) + 1
            if b.falls_through():
                nxt = self.next_of(b)
                if nxt is not None:
                    predecessors[id(nxt)] = predecessors.get(id(nxt), 0) + 1
        for b in self.blocks:
            prev = None
            for instr in b.instrs:
                if instr.pos is None:
                    instr.pos = prev
                else:
                    prev = instr.pos
            if prev is None:
                continue
            nxt = self.next_of(b)
            if b.falls_through() and nxt is not None and predecessors.get(id(nxt)) == 1 \
                    and nxt.instrs and nxt.instrs[0].pos is None:
                nxt.instrs[0].pos = prev
            last = b.last()
            if last is not None and is_jump(last):
                t = self.target(last)
                if predecessors.get(id(t)) == 1 and t.instrs and t.instrs[0].pos is None:
                    t.instrs[0].pos = prev

    # --- guarantee_lineno_for_exits -----------------------------------------------
    def guarantee_lineno_for_exits(self, firstlineno: int) -> None:
        """A block that returns with no line number gets the line of the last line
        number seen before it in layout order (its line only, no columns), as 3.11
        does after propagating line numbers."""
        lineno = firstlineno
        for b in self.blocks:
            last = b.last()
            if last is None:
                continue
            if last.pos is None or last.pos.lineno < 0:
                if last.name == "RETURN_VALUE":
                    for instr in b.instrs:
                        instr.pos = Position(lineno, -1, -1, -1)
            else:
                lineno = last.pos.lineno

    # --- stackdepth ----------------------------------------------------------------
    def stackdepth(self, isa: Isa) -> int:
        for b in self.blocks:
            b.startdepth = -1
        maxdepth = 0
        entry = self.blocks[0]
        entry.startdepth = 0
        work = [entry]
        effects = isa._effects
        stack_effect = isa.stack_effect

        def push(block: Block, depth: int) -> None:
            if block.startdepth < 0:
                block.startdepth = depth
                work.append(block)
            elif block.startdepth != depth:
                raise AssertionError(f"inconsistent stack depth at {block.label}: "
                                     f"{block.startdepth} != {depth}")

        while work:
            b = work.pop()
            depth = b.startdepth
            for instr in b.instrs:
                name = instr.name
                arg = instr.arg
                if arg.__class__ is not int:
                    arg = _int_arg(instr)
                # isa.stack_effect's memo, read here first (once per instruction).
                effect = effects.get((name, arg, False))
                if effect is None:
                    effect = stack_effect(name, arg, False)
                new_depth = depth + effect
                if new_depth < 0:
                    raise AssertionError(f"stack underflow at {instr!r}")
                if new_depth > maxdepth:
                    maxdepth = new_depth
                if instr.target is not None:
                    jump_effect = stack_effect(name, arg, True)
                    target_depth = depth + jump_effect
                    if target_depth > maxdepth:
                        maxdepth = target_depth
                    push(self.target(instr), target_depth)
                depth = new_depth
                if name in NO_FALLTHROUGH:
                    break
            else:
                nxt = self.next_of(b)
                if nxt is not None and b.falls_through():
                    push(nxt, depth)
        return maxdepth

    # --- label_exception_targets --------------------------------------------------------
    def label_exception_targets(self) -> None:
        """Give every instruction the handler block that covers it (or None)."""
        for b in self.blocks:
            b.visited = False
        entry = self.blocks[0]
        work = [(entry, ())]
        entry.visited = True
        while work:
            b, stack = work.pop()
            for instr in b.instrs:
                if instr.name in SETUP_OPS:
                    target = self.target(instr)
                    if instr.name in ("SETUP_CLEANUP", "SETUP_WITH"):
                        target.preserve_lasti = True
                    if not target.visited:
                        target.visited = True
                        work.append((target, stack))
                    stack = stack + (target,)
                    instr.handler = None
                    continue
                if instr.name == "POP_BLOCK":
                    stack = stack[:-1]
                    instr.handler = None
                    continue
                instr.handler = stack[-1] if stack else None
                if is_jump(instr):
                    target = self.target(instr)
                    if not target.visited:
                        target.visited = True
                        work.append((target, stack))
            if b.falls_through():
                nxt = self.next_of(b)
                if nxt is not None and not nxt.visited:
                    nxt.visited = True
                    work.append((nxt, stack))

    def convert_pseudo_to_nops(self) -> None:
        for b in self.blocks:
            for instr in b.instrs:
                if instr.name in SETUP_OPS or instr.name == "POP_BLOCK":
                    instr.name, instr.arg, instr.target = "NOP", 0, None
        for b in self.blocks:
            clean_block(b, self.next_nonempty(b))

    def instructions(self):
        for b in self.blocks:
            yield from b.instrs


def _int_arg(instr: Instr) -> int:
    return instr.arg if isinstance(instr.arg, int) else 0


def _lineno(instr: Instr) -> int:
    return -1 if instr.pos is None else instr.pos.lineno


def _swappable(instr: Instr) -> bool:
    return instr.name in ("STORE_FAST", "POP_TOP")


def _next_swappable(instrs: list[Instr], i: int, lineno: int) -> int:
    while True:
        i += 1
        if i >= len(instrs):
            return -1
        instr = instrs[i]
        if lineno >= 0 and _lineno(instr) != lineno:
            return -1
        if instr.name == "NOP":
            continue
        return i if _swappable(instr) else -1


_VISITED = -1


def swaptimize(instrs: list[Instr], start: int) -> int:
    """Replace the run of SWAPs (and NOPs) at `start` by the fewest SWAPs with the
    same effect (3.11 swaptimize); return the index of the run's last instruction.
    Rewritten instructions keep their positions; the unused ones become NOPs."""
    depth = instrs[start].arg
    length = 1
    more = False
    while start + length < len(instrs):
        instr = instrs[start + length]
        if instr.name == "SWAP":
            depth = max(depth, instr.arg)
            more = True
        elif instr.name != "NOP":
            break
        length += 1
    if not more:
        return start  # a single SWAP is already optimal
    run = instrs[start:start + length]
    # Simulate the run on a stack of item numbers (index 0 is the top).
    stack = list(range(depth))
    for instr in run:
        if instr.name == "SWAP":
            top = stack[0]
            stack[0] = stack[instr.arg - 1]
            stack[instr.arg - 1] = top
    # Un-shuffle each cycle through position 0, writing the SWAPs from the end
    # of the run backwards (so that, run forwards, they shuffle).
    current = length - 1
    for i in range(depth):
        if stack[i] == _VISITED or stack[i] == i:
            continue
        j = i
        while True:
            if j:
                run[current].name, run[current].arg = "SWAP", j + 1
                current -= 1
            if stack[j] == _VISITED:
                break
            next_j = stack[j]
            stack[j] = _VISITED
            j = next_j
    while current >= 0:
        run[current].name, run[current].arg = "NOP", 0
        current -= 1
    return start + length - 1


def apply_static_swaps(instrs: list[Instr], i: int) -> None:
    """Swap the stores instead of the values where that is invisible (3.11)."""
    while i >= 0:
        swap = instrs[i]
        if swap.name != "SWAP":
            if swap.name == "NOP" or _swappable(swap):
                i -= 1
                continue
            return
        j = _next_swappable(instrs, i, -1)
        if j < 0:
            return
        k = j
        lineno = _lineno(instrs[j])
        for _ in range(swap.arg - 1):
            k = _next_swappable(instrs, k, lineno)
            if k < 0:
                return
        swap.name, swap.arg = "NOP", 0
        instrs[j], instrs[k] = instrs[k], instrs[j]
        i -= 1


def clean_block(block: Block, next_block: Block | None) -> None:
    """Remove NOPs where that loses no line number (clean_basic_block)."""
    instrs = block.instrs
    for instr in instrs:
        if instr.name == "NOP":
            break
    else:
        return  # nothing to remove (most blocks, most of the times this runs)
    out: list[Instr] = []
    prev_lineno = -1
    last = len(instrs) - 1
    for i, instr in enumerate(instrs):
        pos = instr.pos
        lineno = -1 if pos is None else pos[0]
        if instr.name == "NOP":
            if lineno < 0:
                continue
            if prev_lineno == lineno:
                continue
            if i < last:
                nxt = instrs[i + 1]
                next_lineno = _lineno(nxt)
                if next_lineno < 0:
                    nxt.pos = pos
                    continue
                if next_lineno == lineno:
                    continue
            elif next_block is not None and next_block.instrs:
                if lineno == _lineno(next_block.instrs[0]):
                    continue
        out.append(instr)
        prev_lineno = lineno
    block.instrs = out


__all__ = ["Cfg", "Block", "DIRECTIONAL_JUMPS", "FORWARD_ONLY_JUMPS"]
