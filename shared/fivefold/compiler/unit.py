"""The state of one code unit while it is being compiled (CPython's compiler_unit)."""

from __future__ import annotations

import ast

from fivefold.compiler.instr import Instr, Label, Position, position_of
from fivefold.compiler.scopes import Scope

# Kinds of code unit (CPython's COMPILER_SCOPE_*): they decide qualnames and name ops.
MODULE, CLASS, FUNCTION, LAMBDA, COMPREHENSION = (
    "module", "class", "function", "lambda", "comprehension")

# Code flags (Include/cpython/code.h, 3.11).
CO_OPTIMIZED = 0x0001
CO_NEWLOCALS = 0x0002
CO_VARARGS = 0x0004
CO_VARKEYWORDS = 0x0008
CO_NESTED = 0x0010
CO_GENERATOR = 0x0020
CO_COROUTINE = 0x0080
CO_ASYNC_GENERATOR = 0x0200
CO_FUTURE_ANNOTATIONS = 0x1000000
CO_FIVEFOLD = 0x20000000


def const_key(value):
    """A dict key under which equal constants of the same type share one slot
    (CPython's _PyCode_ConstantKey: 0 and 0.0 and False stay apart, -0.0 too)."""
    if value is None or value is Ellipsis or isinstance(value, (bool, int, str, bytes)):
        return (type(value), value)
    if isinstance(value, float):
        return (float, value, repr(value))  # repr tells -0.0 from 0.0 (and NaN from NaN)
    if isinstance(value, complex):
        return (complex, repr(value))
    if isinstance(value, tuple):
        return (tuple, tuple(const_key(v) for v in value))
    if isinstance(value, frozenset):
        return (frozenset, frozenset(const_key(v) for v in value))
    return (type(value), id(value))  # code objects: by identity


# FBlock and Unit are written out, not dataclasses: dataclasses would bring inspect,
# copy and re into every run that compiles.
class FBlock:
    """An entry of the frame-block stack that break/continue/return unwind through."""

    __slots__ = ("kind", "block", "exit", "datum")

    def __init__(self, kind: str, block: Label | None = None, exit: Label | None = None,
                 datum: object = None):
        self.kind = kind  # WHILE_LOOP, FOR_LOOP, TRY_EXCEPT, FINALLY_TRY, FINALLY_END, WITH,
        #                   HANDLER_CLEANUP, POP_VALUE, EXCEPTION_HANDLER
        self.block = block
        self.exit = exit
        self.datum = datum

    def __repr__(self) -> str:
        return f"FBlock({self.kind!r}, {self.block!r}, {self.exit!r}, {self.datum!r})"


class FreeName(str):
    """A DEREF oparg naming the free variable, not a cell of the same name
    (CPython's compiler_nameop looks FREE names up in u_freevars)."""


class Unit:
    """One code unit being compiled. Made with its kind, names, scope, first line and
    class name; the rest starts empty and is filled as the unit is compiled."""

    def __init__(self, kind: str, name: str, qualname: str, scope: Scope, firstlineno: int,
                 private: str | None = None):
        self.kind = kind
        self.name = name
        self.qualname = qualname
        self.scope = scope
        self.firstlineno = firstlineno
        self.private = private  # class name used for name mangling
        self.instrs: list = []  # Instr | Label
        self.consts: list = []
        self.const_index: dict = {}
        self.names: list[str] = []
        self.varnames: list[str] = []
        self.cellvars: list[str] = []
        self.freevars: list[str] = []
        self.argcount = 0
        self.posonlyargcount = 0
        self.kwonlyargcount = 0
        self.flags = 0
        self.is_generator = False  # CPython's ste_generator: yields
        self.is_coroutine = False  # ste_coroutine: async def, or an async comprehension
        self.fblocks: list[FBlock] = []
        self.pos: Position | None = None
        self.docstring: str | None = None
        # name -> index in names / varnames (first occurrence), kept beside the lists
        self._name_index: dict = {}
        self._varname_index: dict = {}

    def __repr__(self) -> str:
        return f"<Unit {self.kind} {self.qualname or self.name} line {self.firstlineno}>"

    # --- tables -------------------------------------------------------------
    def add_const(self, value) -> int:
        if isinstance(value, frozenset) and value:
            # CPython's merge_consts_recursive rebuilds frozensets from their own
            # iteration order, which can change that order: do the same.
            value = frozenset(tuple(value))
        key = const_key(value)
        index = self.const_index.get(key)
        if index is None:
            index = len(self.consts)
            self.consts.append(value)
            self.const_index[key] = index
        return index

    def add_name(self, name: str) -> int:
        return _add_to(self.names, self._name_index, name)

    def add_varname(self, name: str) -> int:
        return _add_to(self.varnames, self._varname_index, name)

    def localsplus(self) -> list[str]:
        """Names of the frame's locals, then cells that are not arguments, then frees:
        CPython 3.11's localsplus layout, which LOAD_DEREF/LOAD_CLOSURE index."""
        cells = [c for c in self.cellvars if c not in self.varnames]
        return self.varnames + cells + self.freevars

    def deref_index(self, name: str) -> int:
        """Only valid once every local is known: the assembler resolves DEREF opargs,
        which the code generator emits as names (CPython's fix_cell_offsets). A
        FreeName is the free variable of that name: a class body can have `__class__`
        both as its own implicit cell and free from the enclosing function."""
        localsplus = self.localsplus()
        if isinstance(name, FreeName):
            return len(localsplus) - len(self.freevars) + self.freevars.index(name)
        return localsplus.index(name)

    # --- emission -------------------------------------------------------------
    def emit(self, name: str, arg: int = 0, target: Label | None = None,
             pos: Position | None | bool = True) -> Instr:
        instr = Instr(name, arg, target, self.pos if pos is True else pos)
        self.instrs.append(instr)
        return instr

    def place(self, label: Label) -> None:
        self.instrs.append(label)


def _add_to(names: list, index: dict, name: str) -> int:
    """names.index(name), appending it first if missing, through a dict (a list scan
    per name made big modules quadratic). The dict is rebuilt when the list was
    replaced or changed directly (enter_scope sets varnames from the parameters)."""
    if len(index) != len(names) or (names and index.get(names[-1]) is None):
        index.clear()
        for i, n in enumerate(names):
            index.setdefault(n, i)
    i = index.get(name)
    if i is None:
        i = index[name] = len(names)
        names.append(name)
    return i


def set_pos(unit: Unit, node: ast.AST) -> None:
    unit.pos = position_of(node)
