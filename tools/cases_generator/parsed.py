"""The parsed form of an instruction definitions file (plain dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass, field


class DSLError(Exception):
    """A mistake in the definitions file, reported as ``file:line: message``."""

    def __init__(self, message: str, filename: str = "<dsl>", line: int = 0):
        super().__init__(f"{filename}:{line}: {message}")
        self.message = message
        self.filename = filename
        self.line = line


@dataclass(frozen=True)
class StackItem:
    """One stack entry of an effect: ``name``, ``name[size]`` or ``name if (cond)``."""

    name: str
    size: str = ""   # C expression of an array's length; "" for a single entry
    cond: str = ""   # C expression; the entry exists only when it is true

    @property
    def is_array(self) -> bool:
        return bool(self.size)

    @property
    def is_unused(self) -> bool:
        return self.name == "unused"


@dataclass(frozen=True)
class CacheEntry:
    """An inline cache entry of ``size`` code units (``name/size`` among the inputs)."""

    name: str
    size: int


@dataclass(frozen=True)
class StackEffect:
    inputs: tuple[StackItem, ...]     # bottom of the stack first
    outputs: tuple[StackItem, ...]
    caches: tuple[CacheEntry, ...] = ()

    @property
    def cache_size(self) -> int:
        return sum(c.size for c in self.caches)


@dataclass
class Instruction:
    """An ``inst`` (has an opcode) or an ``op`` (a micro-op used by macros)."""

    kind: str                       # "inst" or "op"
    name: str
    effect: StackEffect
    body: str                       # the C text between the braces
    line: int
    jump_effect: StackEffect | None = None   # stack effect when the jump is taken
    annotations: tuple[str, ...] = ()   # "shadow", "specializing"
    filename: str = "<dsl>"             # the definitions file, relative to the repository
    stage: int = 0                      # 0: shared/vm; N: stageN/vm
    body_line: int = 0                  # line of the body's first character, for #line

    @property
    def specializing(self) -> bool:
        return "specializing" in self.annotations


@dataclass
class Macro:
    """``macro(NAME) = OP + unused/1 + OP;``: an instruction made of micro-ops."""

    name: str
    parts: tuple[str | CacheEntry, ...]
    line: int
    filename: str = "<dsl>"
    stage: int = 0
    annotations: tuple[str, ...] = ()   # "shadow"


@dataclass
class Family:
    """``family(NAME) = {MEMBER, ...};``: the generic instruction and its specializations.
    ``family(NAME) += {MEMBER, ...};`` (``extends``): members a later stage adds to
    an earlier stage's family; the analysis merges them into that family."""

    name: str
    members: tuple[str, ...]
    line: int
    filename: str = "<dsl>"
    stage: int = 0
    extends: bool = False


@dataclass
class Change:
    """``change(s1.name) = {OPCODE, ...};``: a stage's change and the instructions it
    switches (family heads; or, for a change with no family, an instruction of its
    own that keys it). The only place a change id meets its instructions: the C
    table and the Python registry's check are generated from it."""

    id: str
    opcodes: tuple[str, ...]
    line: int
    filename: str = "<dsl>"
    stage: int = 0


@dataclass
class Definitions:
    instructions: list[Instruction] = field(default_factory=list)
    macros: list[Macro] = field(default_factory=list)
    families: list[Family] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    filename: str = "<dsl>"

    def extend(self, other: "Definitions") -> None:
        self.instructions += other.instructions
        self.macros += other.macros
        self.families += other.families
        self.changes += other.changes
