"""The compiler's intermediate form: instructions, labels and source positions.

Code generation appends `Instr`s and `Label`s to a flat list; the assembler
(assembler.py) resolves labels and pseudo-instructions, computes stack depths
and exception handlers and encodes the result.
"""

from __future__ import annotations

from collections import namedtuple


# collections.namedtuple, not typing.NamedTuple: typing costs about 2 ms to import,
# collections comes with ast anyway.
class Position(namedtuple("Position", "lineno end_lineno col_offset end_col_offset")):
    """A source range as CPython 3.11 records it per instruction (lines 1-based, columns
    0-based UTF-8 byte offsets; -1 / None means unknown)."""

    __slots__ = ()

    @classmethod
    def of(cls, node) -> "Position | None":
        if node.lineno is None or node.lineno < 0:
            return None  # synthesized by the optimizer: takes the previous position
        end_lineno = getattr(node, "end_lineno", None)
        end_col = getattr(node, "end_col_offset", None)
        return cls(node.lineno, node.lineno if end_lineno is None else end_lineno,
                   node.col_offset, -1 if end_col is None else end_col)


def position_of(node) -> "Position | None":
    """Position.of(node), without the class method's lookups (once per AST node)."""
    lineno = node.lineno
    if lineno is None or lineno < 0:
        return None
    end_lineno = node.end_lineno
    end_col = node.end_col_offset
    return _new_position(Position, (lineno, lineno if end_lineno is None else end_lineno,
                                    node.col_offset, -1 if end_col is None else end_col))


_new_position = tuple.__new__


class Label:
    """A jump target; placed in the instruction list where control arrives."""

    __slots__ = ("name",)
    _counter = 0

    def __init__(self, name: str = "L"):
        Label._counter += 1
        self.name = f"{name}{Label._counter}"

    def __repr__(self) -> str:
        return self.name


class Instr:
    """One instruction. `arg` is the integer oparg; `target` is a Label for jumps and
    SETUP_* pseudo-instructions; `pos` is None for artificial instructions, which
    take the position of the instruction before them (CPython's UNSET_LOC).

    The assembler adds the other slots as it goes (handler, jump target and
    handler instructions, the generic jump name, the resolved jump oparg, size and
    offset in code units); one not set yet is missing (hasattr is False). Slots,
    not a dataclass: the compiler makes and reads hundreds of thousands of these.
    Equal as the dataclass it was: same name, arg, target and position."""

    __slots__ = ("name", "arg", "target", "pos", "handler", "target_instr", "handler_instr",
                 "handler_block", "generic", "jump_arg", "size", "offset")

    def __init__(self, name: str, arg: int = 0, target: Label | None = None,
                 pos: Position | None = None):
        self.name = name
        self.arg = arg
        self.target = target
        self.pos = pos

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.name, self.arg, self.target, self.pos) == \
            (other.name, other.arg, other.target, other.pos)

    __hash__ = None  # mutable, compared by value (as the dataclass was)

    def __repr__(self) -> str:
        tgt = f" -> {self.target}" if self.target is not None else ""
        return f"{self.name} {self.arg}{tgt}"
