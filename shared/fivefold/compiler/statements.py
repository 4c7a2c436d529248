"""Code generation: the AST of a module to fivefold instructions, unit by unit.

This mirrors CPython 3.11's Python/compile.c: the same instruction sequences for
the same constructs and the same position per instruction, so that `dis`
output, tracebacks and their carets match CPython's. The construct groups live
in mixins: expressions (exprs.py), control flow and exception handling
(control.py), functions, classes and comprehensions (defs.py), `match`
(patterns.py); this file holds the Compiler that combines them, with the unit stack, name resolution and the
simple statements.
"""

from __future__ import annotations

import ast
from contextlib import contextmanager

from fivefold.compiler import scopes
from fivefold.compiler.control import ControlFlow
from fivefold.compiler.defs import Definitions
from fivefold.compiler.errors import CompileError
from fivefold.compiler.exprs import Expressions, dispatch_table, method_for
from fivefold.compiler.instr import Position, position_of
from fivefold.compiler.patterns import Patterns
from fivefold.compiler.scope_map import map_scopes_and_generators
from fivefold.compiler.scopes import CELL, FREE, GLOBAL_EXPLICIT, GLOBAL_IMPLICIT, LOCAL, Scope
from fivefold.compiler.unit import CLASS, FUNCTION, LAMBDA, MODULE, FreeName, Unit, set_pos

_LOAD, _STORE, _DEL = ast.Load, ast.Store, ast.Del
_VERBS = {_LOAD: "LOAD", _STORE: "STORE", _DEL: "DELETE"}
_OPS = {(verb, kind): f"{verb}_{kind}" for verb in _VERBS.values()
        for kind in ("FAST", "GLOBAL", "NAME")}


def find_ann(stmts) -> bool:
    """True if the body has an annotated assignment outside nested scopes (compile.c find_ann)."""
    for st in stmts:
        if isinstance(st, ast.AnnAssign):
            return True
        if isinstance(st, (ast.For, ast.AsyncFor, ast.While, ast.If)):
            if find_ann(st.body) or find_ann(st.orelse):
                return True
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            if find_ann(st.body):
                return True
        elif isinstance(st, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            if find_ann(st.body) or find_ann(st.orelse) or find_ann(st.finalbody):
                return True
            if any(find_ann(h.body) for h in st.handlers):
                return True
        elif isinstance(st, ast.Match):
            if any(find_ann(c.body) for c in st.cases):
                return True
    return False


def get_docstring(body) -> str | None:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[0].value.value
    return None


class Compiler(Expressions, ControlFlow, Definitions, Patterns):
    """Compiles one module; `compile_module()` returns the assembled top unit."""

    def __init__(self, tree: ast.Module, top_scope: Scope, filename: str, assemble,
                 future_flags: int = 0, fallback=None, optimize: int = 0):
        self.tree = tree
        # compile()'s -O level: 1 leaves out asserts, 2 also docstrings (compiler_assert,
        # compiler_body and compiler_function in 3.11's compile.c).
        self.optimize = optimize
        self.top_scope = top_scope
        self.filename = filename
        self.assemble = assemble  # callable(unit, compiler) -> code object
        self.future_flags = future_flags
        self.fallback = fallback  # fallback.FallbackCompiler or None
        self.scope_map, self.generator_scopes = map_scopes_and_generators(tree, top_scope)
        self.stack: list[Unit] = []
        self.u: Unit | None = None
        self.expr_table = dispatch_table(type(self), "expr_")
        self.stmt_table = dispatch_table(type(self), "stmt_")

    # --- units -----------------------------------------------------------------
    def enter_scope(self, kind: str, name: str, scope: Scope, lineno: int) -> Unit:
        parent = self.u
        private = None
        if parent is not None:
            private = parent.private
        unit = Unit(kind, name, "", scope, lineno, private=private)
        if kind == CLASS:
            unit.private = name
        unit.varnames = list(scope.params)
        unit.cellvars = scope.cellvars()
        unit.freevars = scope.freevars()
        unit.qualname = self.qualname_for(kind, name, parent) if kind != MODULE else name
        self.stack.append(unit)
        self.u = unit
        # Prologue (CPython's insert_prefix_instructions comes at assembly).
        # RESUME's position, as CPython 3.11 gives it.
        if kind == MODULE:
            unit.pos = Position(0, 1, 0, 0)
        else:
            unit.pos = Position(lineno, lineno, 0, 0)
        unit.emit("RESUME", 0)
        return unit

    def exit_scope(self) -> None:
        self.stack.pop()
        self.u = self.stack[-1] if self.stack else None

    def qualname_for(self, kind: str, name: str, parent: Unit | None) -> str:
        """CPython's compiler_set_qualname."""
        if parent is None or parent.kind == MODULE:
            return name
        if kind in (FUNCTION, CLASS):
            mangled = scopes.mangle(parent.private, name)
            if parent.scope.scope_of(mangled) == GLOBAL_EXPLICIT:
                return name
        if parent.kind in (FUNCTION, LAMBDA):
            return f"{parent.qualname}.<locals>.{name}"
        return f"{parent.qualname}.{name}"

    @contextmanager
    def located(self, node: ast.AST):
        """Compile `node` at its own position, then restore (compiler_visit_expr;
        visit_expr does the same inline)."""
        old = self.u.pos
        set_pos(self.u, node)
        try:
            yield
        finally:
            self.u.pos = old

    def emit(self, name: str, arg: int = 0, target=None):
        return self.u.emit(name, arg, target)

    def emit_noline(self, name: str, arg: int = 0, target=None):
        return self.u.emit(name, arg, target, pos=None)

    def unset_loc(self) -> None:
        self.u.pos = None

    def load_const(self, value) -> None:
        self.emit("LOAD_CONST", self.u.add_const(value))

    def mangle(self, name: str) -> str:
        return scopes.mangle(self.u.private, name)

    def emit_name(self, op: str, name: str) -> None:
        """An instruction with a (mangled) co_names index: CPython's ADDOP_NAME."""
        self.emit(op, self.u.add_name(self.mangle(name)))

    # --- names -------------------------------------------------------------------
    def nameop(self, name: str, ctx) -> None:
        """Load, store or delete a name: CPython's compiler_nameop."""
        u = self.u
        mangled = self.mangle(name) if u.private is not None else name
        scope = u.scope.scope_of(mangled)
        is_function = u.scope.kind == scopes.FUNCTION
        optype = "NAME"
        if scope == FREE or scope == CELL:
            optype = "DEREF"
        elif scope == LOCAL:
            if is_function:
                optype = "FAST"
        elif scope == GLOBAL_IMPLICIT:
            if is_function:
                optype = "GLOBAL"
        elif scope == GLOBAL_EXPLICIT:
            optype = "GLOBAL"
        # A class's implicit __class__ cell (and DEF_FREE_CLASS names) are derefs too.
        if u.kind == CLASS and scope == 0 and mangled in u.freevars:
            optype = "DEREF"
        verb = _VERBS[type(ctx)]
        if optype == "DEREF":
            op = "LOAD_CLASSDEREF" if (verb == "LOAD" and u.scope.kind == scopes.CLASS) \
                else f"{verb}_DEREF"
            # Resolved to a localsplus index by the assembler; a FREE name is the
            # free slot even when the class has a cell of that name (`__class__`).
            self.emit(op, FreeName(mangled) if scope == FREE else mangled)
        elif optype == "FAST":
            u.emit(_OPS[verb, "FAST"], u.add_varname(mangled))
        elif optype == "GLOBAL":
            index = u.add_name(mangled)
            u.emit(_OPS[verb, "GLOBAL"], index << 1 if verb == "LOAD" else index)
        else:
            u.emit(_OPS[verb, "NAME"], u.add_name(mangled))

    # --- modules and bodies -------------------------------------------------------
    def compile_module(self):
        self.enter_scope(MODULE, "<module>", self.top_scope, 1)
        self.u.flags = self.future_flags
        self.body(self.tree.body)
        code = self.finish_unit(add_none=True)
        self.exit_scope()
        return code

    def finish_unit(self, add_none: bool):
        """Append the implicit `return None` and assemble (CPython's assemble())."""
        u = self.u
        last = u.instrs[-1] if u.instrs else None  # an Instr, or a Label placed last
        if getattr(last, "name", None) != "RETURN_VALUE":
            self.unset_loc()
            if add_none:
                self.load_const(None)
            self.emit("RETURN_VALUE")
        return self.assemble(u, self)

    def body(self, stmts) -> None:
        """A module or class body: annotations dict, docstring, statements (compiler_body)."""
        u = self.u
        if u.kind == MODULE and stmts:
            set_pos(u, stmts[0])
        if find_ann(stmts):
            self.emit("SETUP_ANNOTATIONS")
        if not stmts:
            return
        start = 0
        doc = get_docstring(stmts) if self.optimize < 2 else None
        if doc is not None:
            start = 1
            self.visit_expr(stmts[0].value)
            self.unset_loc()
            self.nameop("__doc__", ast.Store())
        for st in stmts[start:]:
            self.visit_stmt(st)

    # --- statements -----------------------------------------------------------------
    def visit_stmts(self, stmts) -> None:
        for st in stmts:
            self.visit_stmt(st)

    def visit_stmt(self, node: ast.stmt) -> None:
        self.u.pos = position_of(node)
        method = self.stmt_table.get(type(node))
        if method is None:
            method = method_for(type(self), "stmt_", type(node), self.stmt_table)
            if method is None:
                raise CompileError(f"unsupported statement {type(node).__name__}")
        method(self, node)

    def stmt_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):
            self.emit("NOP")
            return
        self.visit_expr(node.value)
        self.unset_loc()
        self.emit("POP_TOP")

    def stmt_Pass(self, node) -> None:
        self.emit("NOP")

    def stmt_Global(self, node) -> None:
        pass

    stmt_Nonlocal = stmt_Global

    def stmt_Assign(self, node: ast.Assign) -> None:
        self.visit_expr(node.value)
        n = len(node.targets)
        for i, target in enumerate(node.targets):
            if i < n - 1:
                self.emit("COPY", 1)
            self.visit_expr(target)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        target = node.target
        old = self.u.pos
        set_pos(self.u, target)
        if isinstance(target, ast.Attribute):
            self.visit_expr(target.value)
            self.emit("COPY", 1)
            self.match_attr_start(target)
            self.emit_name("LOAD_ATTR", target.attr)
        elif isinstance(target, ast.Subscript):
            self.visit_expr(target.value)
            self.visit_expr(target.slice)
            self.emit("COPY", 2)
            self.emit("COPY", 2)
            self.emit("BINARY_SUBSCR")
        else:
            self.nameop(target.id, ast.Load())
        self.u.pos = old
        self.visit_expr(node.value)
        self.emit("BINARY_OP", self.binop_arg(node.op, inplace=True))
        set_pos(self.u, target)
        if isinstance(target, ast.Attribute):
            self.match_attr_start(target)
            self.emit("SWAP", 2)
            self.emit_name("STORE_ATTR", target.attr)
        elif isinstance(target, ast.Subscript):
            self.emit("SWAP", 3)
            self.emit("SWAP", 2)
            self.emit("STORE_SUBSCR")
        else:
            self.nameop(target.id, ast.Store())

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        target = node.target
        if node.value is not None:
            self.visit_expr(node.value)
            self.visit_expr(target)
        future = self.future_flags & 0x1000000
        if isinstance(target, ast.Name):
            if node.simple and self.u.kind in (MODULE, CLASS):
                self.visit_annotation(node.annotation)
                self.emit_name("LOAD_NAME", "__annotations__")
                self.load_const(self.mangle(target.id))
                self.emit("STORE_SUBSCR")
        elif isinstance(target, ast.Attribute):
            if node.value is None:
                self.check_ann_expr(target.value)
        elif isinstance(target, ast.Subscript):
            if node.value is None:
                self.check_ann_expr(target.value)
                self.check_ann_subscr(target.slice)
        if not node.simple and not future and self.u.kind in (MODULE, CLASS):
            self.check_ann_expr(node.annotation)

    def check_ann_expr(self, expr) -> None:
        self.visit_expr(expr)
        self.emit("POP_TOP")

    def check_ann_subscr(self, sl) -> None:
        if isinstance(sl, ast.Slice):
            for part in (sl.lower, sl.upper, sl.step):
                if part is not None:
                    self.check_ann_expr(part)
        elif isinstance(sl, ast.Tuple):
            for elt in sl.elts:
                self.check_ann_subscr(elt)
        else:
            self.check_ann_expr(sl)

    def visit_annotation(self, expr) -> None:
        """An annotation value: evaluated, or its source text under
        `from __future__ import annotations` (CPython's _PyAST_ExprAsUnicode)."""
        if self.future_flags & 0x1000000:
            with self.located(expr):
                self.load_const(ast.unparse(expr))
        else:
            self.visit_expr(expr)

    def stmt_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self.visit_expr(target)

    def stmt_Assert(self, node: ast.Assert) -> None:
        if self.optimize:
            return
        end = self.new_label()
        self.jump_if(node.test, end, True)
        self.emit("LOAD_ASSERTION_ERROR")
        if node.msg is not None:
            self.visit_expr(node.msg)
            self.emit("CALL", 0)
        self.emit("RAISE_VARARGS", 1)
        self.u.place(end)

    def stmt_Raise(self, node: ast.Raise) -> None:
        n = 0
        if node.exc is not None:
            self.visit_expr(node.exc)
            n += 1
            if node.cause is not None:
                self.visit_expr(node.cause)
                n += 1
        self.emit("RAISE_VARARGS", n)

    def stmt_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.load_const(0)
            self.load_const(None)
            self.emit_name("IMPORT_NAME", alias.name)
            if alias.asname:
                self.import_as(alias.name, alias.asname)
            else:
                self.nameop(alias.name.split(".")[0], ast.Store())

    def import_as(self, name: str, asname: str) -> None:
        parts = name.split(".")
        if len(parts) > 1:
            for i, attr in enumerate(parts[1:]):
                self.emit("IMPORT_FROM", self.u.add_name(attr))
                if i == len(parts) - 2:
                    break
                self.emit("SWAP", 2)
                self.emit("POP_TOP")
            self.nameop(asname, ast.Store())
            self.emit("POP_TOP")
            return
        self.nameop(asname, ast.Store())

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.load_const(node.level)
        self.load_const(tuple(alias.name for alias in node.names))
        self.emit_name("IMPORT_NAME", node.module or "")
        for i, alias in enumerate(node.names):
            if i == 0 and alias.name == "*":
                self.emit("IMPORT_STAR")
                return
            self.emit_name("IMPORT_FROM", alias.name)
            self.nameop(alias.asname or alias.name, ast.Store())
        self.emit("POP_TOP")
