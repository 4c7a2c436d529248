"""Scopes from CPython's own symbol table (the `symtable` module).

CPython's compiler asks its symbol table, for each name in each block, whether
the name is local, a cell, free, or an implicit or explicit global; we ask the
same table through `_symtable` (the C module under `symtable`) so that scoping is CPython's exactly (class
scopes, `__class__` for zero-argument `super()`, comprehension `.0`, walrus
targets, name mangling are all decided there).
"""

from __future__ import annotations

import _symtable

LOCAL = _symtable.LOCAL
GLOBAL_EXPLICIT = _symtable.GLOBAL_EXPLICIT
GLOBAL_IMPLICIT = _symtable.GLOBAL_IMPLICIT
FREE = _symtable.FREE
CELL = _symtable.CELL
_SCOPE_OFF = _symtable.SCOPE_OFF
_SCOPE_MASK = _symtable.SCOPE_MASK
DEF_IMPORT = _symtable.DEF_IMPORT
DEF_FREE_CLASS = _symtable.DEF_FREE_CLASS

MODULE, FUNCTION, CLASS = "module", "function", "class"
_TYPES = {_symtable.TYPE_MODULE: MODULE, _symtable.TYPE_FUNCTION: FUNCTION,
          _symtable.TYPE_CLASS: CLASS}


class Scope:
    """One block of the symbol table: a module, class or function-like scope. (Slots,
    not a dataclass: one per block, and dataclasses would bring inspect, copy and re
    into every compiling run.)"""

    __slots__ = ("name", "kind", "lineno", "symbols", "params", "nested", "children", "_by_key")

    def __init__(self, name: str, kind: str, lineno: int, symbols: dict[str, int],
                 params: list[str], nested: bool, children: list[Scope] | None = None,
                 _by_key: dict | None = None):
        self.name = name
        self.kind = kind  # MODULE, FUNCTION (also lambda, comprehension, genexpr) or CLASS
        self.lineno = lineno
        self.symbols = symbols  # name -> flags
        self.params = params
        self.nested = nested
        self.children = [] if children is None else children
        self._by_key = {} if _by_key is None else _by_key  # (name, lineno) -> [child, ...]

    def __repr__(self) -> str:
        return f"<Scope {self.kind} {self.name} line {self.lineno}>"

    def scope_of(self, name: str) -> int:
        """CPython's _PyST_GetScope: 0 when the name is unknown here."""
        return (self.symbols.get(name, 0) >> _SCOPE_OFF) & _SCOPE_MASK

    def flags(self, name: str) -> int:
        return self.symbols.get(name, 0)

    def cellvars(self) -> list[str]:
        """Cell variables, sorted as CPython sorts them (dictbytype on CELL)."""
        cells = sorted(n for n in self.symbols if self.scope_of(n) == CELL)
        if self.kind == CLASS and self.needs_class_closure():
            cells = ["__class__"] + [c for c in cells if c != "__class__"]
        return cells

    def freevars(self) -> list[str]:
        """Free variables, sorted; in a class, also names free through DEF_FREE_CLASS."""
        return sorted(n for n in self.symbols
                      if self.scope_of(n) == FREE or (self.flags(n) & DEF_FREE_CLASS))

    def needs_class_closure(self) -> bool:
        """A class whose methods use `__class__` (or `super`) gets a `__class__` cell."""
        return self.kind == CLASS and any(
            child.scope_of("__class__") == FREE for child in self.children)

    def child(self, name: str, lineno: int) -> "Scope":
        """The child block for the definition `name` at `lineno`, in definition order."""
        queue = self._by_key.get((name, lineno))
        if not queue:
            raise LookupError(f"no symbol table block {name!r} at line {lineno} in {self.name!r}")
        return queue.pop(0)


def build_scopes(source: str | bytes, filename: str) -> Scope:
    """The module's symbol table as a tree of Scopes."""
    # symtable.symtable(...)._table, without symtable.py's wrappers (and their weakref).
    return _convert(_symtable.symtable(source, filename, "exec"))


def _convert(entry) -> Scope:
    scope = Scope(entry.name, _TYPES[entry.type], entry.lineno, dict(entry.symbols),
                  list(entry.varnames), bool(entry.nested))
    for sub in entry.children:
        child = _convert(sub)
        scope.children.append(child)
        scope._by_key.setdefault((child.name, child.lineno), []).append(child)
    return scope


def mangle(private: str | None, name: str) -> str:
    """CPython's _Py_Mangle: `__x` inside class `C` becomes `_C__x`."""
    if private is None or not name.startswith("__"):
        return name
    if name.endswith("__") or "." in name:
        return name
    stripped = private.lstrip("_")
    if not stripped:
        return name
    return f"_{stripped}{name}"
