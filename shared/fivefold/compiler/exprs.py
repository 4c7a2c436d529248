"""Expressions: operators, displays, subscripts, attributes, calls, f-strings, yield
(CPython 3.11 compile.c compiler_visit_expr1 and its helpers)."""

from __future__ import annotations

import ast

from fivefold.compiler.errors import CompileError
from fivefold.compiler.instr import Label, Position, position_of
from fivefold.compiler.unit import set_pos

STACK_USE_GUIDELINE = 30

# (compiler class, prefix) -> {node type: the class's function for it}, filled on
# first use: the visitors look a method up once per node type, not by building
# its name on every visit.
_TABLES: dict = {}


def dispatch_table(cls, prefix: str) -> dict:
    table = _TABLES.get((cls, prefix))
    if table is None:
        table = _TABLES[(cls, prefix)] = {}
    return table


def method_for(cls, prefix: str, node_type: type, table: dict):
    """`cls`'s function `prefix + node type name`, or None; remembered in `table`."""
    method = getattr(cls, prefix + node_type.__name__, None)
    if method is not None:
        table[node_type] = method
    return method

NB_OPS = {ast.Add: 0, ast.BitAnd: 1, ast.FloorDiv: 2, ast.LShift: 3, ast.MatMult: 4,
          ast.Mult: 5, ast.Mod: 6, ast.BitOr: 7, ast.Pow: 8, ast.RShift: 9, ast.Sub: 10,
          ast.Div: 11, ast.BitXor: 12}
NB_INPLACE = 13
UNARY_OPS = {ast.Invert: "UNARY_INVERT", ast.Not: "UNARY_NOT", ast.UAdd: "UNARY_POSITIVE",
             ast.USub: "UNARY_NEGATIVE"}
COMPARE_OPS = {ast.Lt: 0, ast.LtE: 1, ast.Eq: 2, ast.NotEq: 3, ast.Gt: 4, ast.GtE: 5}
FVC = {-1: 0, 115: 1, 114: 2, 97: 3}  # conversion character -> FORMAT_VALUE flag
FVS_HAVE_SPEC = 4


class Expressions:
    """Mixin of the Compiler for expressions."""

    def new_label(self, name: str = "L") -> Label:
        return Label(name)

    def binop_arg(self, op, inplace: bool = False) -> int:
        return NB_OPS[type(op)] + (NB_INPLACE if inplace else 0)

    def visit_expr(self, node: ast.expr) -> None:
        # At the node's own position, then the previous one again (the `located`
        # context manager, inlined: this runs once per expression node). The
        # method is looked up once per node type (class-wide table), not by
        # building its name on every visit.
        u = self.u
        old = u.pos
        u.pos = position_of(node)
        try:
            method = self.expr_table.get(type(node))
            if method is None:
                method = method_for(type(self), "expr_", type(node), self.expr_table)
                if method is None:
                    raise CompileError(f"unsupported expression {type(node).__name__}")
            method(self, node)
        finally:
            self.u.pos = old

    def visit_exprs(self, nodes) -> None:
        for node in nodes:
            self.visit_expr(node)

    # --- atoms ----------------------------------------------------------------------
    def expr_Constant(self, node: ast.Constant) -> None:
        self.load_const(node.value)

    def expr_Name(self, node: ast.Name) -> None:
        self.nameop(node.id, node.ctx)

    def expr_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit_expr(node.value)
        self.emit("COPY", 1)
        self.visit_expr(node.target)

    # --- operators -------------------------------------------------------------------
    def expr_BinOp(self, node: ast.BinOp) -> None:
        self.visit_expr(node.left)
        self.visit_expr(node.right)
        self.emit("BINARY_OP", self.binop_arg(node.op))

    def expr_UnaryOp(self, node: ast.UnaryOp) -> None:
        self.visit_expr(node.operand)
        self.emit(UNARY_OPS[type(node.op)])

    def emit_compare(self, op) -> None:
        if isinstance(op, (ast.Is, ast.IsNot)):
            self.emit("IS_OP", int(isinstance(op, ast.IsNot)))
        elif isinstance(op, (ast.In, ast.NotIn)):
            self.emit("CONTAINS_OP", int(isinstance(op, ast.NotIn)))
        else:
            self.emit("COMPARE_OP", COMPARE_OPS[type(op)])

    def expr_Compare(self, node: ast.Compare) -> None:
        self.visit_expr(node.left)
        n = len(node.ops) - 1
        if n == 0:
            self.visit_expr(node.comparators[0])
            self.emit_compare(node.ops[0])
            return
        cleanup = self.new_label("cmp_cleanup")
        for i in range(n):
            self.visit_expr(node.comparators[i])
            self.emit("SWAP", 2)
            self.emit("COPY", 2)
            self.emit_compare(node.ops[i])
            self.emit("JUMP_IF_FALSE_OR_POP", target=cleanup)
        self.visit_expr(node.comparators[n])
        self.emit_compare(node.ops[n])
        end = self.new_label("cmp_end")
        self.emit_noline("JUMP", target=end)
        self.u.place(cleanup)
        self.emit("SWAP", 2)
        self.emit("POP_TOP")
        self.u.place(end)

    def expr_BoolOp(self, node: ast.BoolOp) -> None:
        jump = "JUMP_IF_FALSE_OR_POP" if isinstance(node.op, ast.And) else "JUMP_IF_TRUE_OR_POP"
        end = self.new_label("bool_end")
        for value in node.values[:-1]:
            self.visit_expr(value)
            self.emit(jump, target=end)
            self.u.place(self.new_label("bool_next"))
        self.visit_expr(node.values[-1])
        self.u.place(end)

    def expr_IfExp(self, node: ast.IfExp) -> None:
        end = self.new_label("ifexp_end")
        nxt = self.new_label("ifexp_else")
        self.jump_if(node.test, nxt, False)
        self.visit_expr(node.body)
        self.emit_noline("JUMP", target=end)
        self.u.place(nxt)
        self.visit_expr(node.orelse)
        self.u.place(end)

    # --- displays ----------------------------------------------------------------------
    def starunpack(self, elts, pushed: int, build: str, add: str, extend: str,
                   tuple_: bool) -> None:
        """CPython's starunpack_helper: a display, with * items and constant folding."""
        n = len(elts)
        if n > 2 and all(isinstance(e, ast.Constant) for e in elts):
            folded = tuple(e.value for e in elts)
            if tuple_ and not pushed:
                self.load_const(folded)
            else:
                if add == "SET_ADD":
                    folded = frozenset(folded)
                self.emit(build, pushed)
                self.load_const(folded)
                self.emit(extend, 1)
                if tuple_:
                    self.emit("LIST_TO_TUPLE")
            return
        big = n + pushed > STACK_USE_GUIDELINE
        seen_star = any(isinstance(e, ast.Starred) for e in elts)
        if not seen_star and not big:
            self.visit_exprs(elts)
            self.emit("BUILD_TUPLE" if tuple_ else build, n + pushed)
            return
        built = False
        if big:
            self.emit(build, pushed)
            built = True
        for i, elt in enumerate(elts):
            if isinstance(elt, ast.Starred):
                if not built:
                    self.emit(build, i + pushed)
                    built = True
                self.visit_expr(elt.value)
                self.emit(extend, 1)
            else:
                self.visit_expr(elt)
                if built:
                    self.emit(add, 1)
        if tuple_:
            self.emit("LIST_TO_TUPLE")

    def unpack_targets(self, elts) -> None:
        """Assignment to a tuple or list target (assignment_helper)."""
        star = [i for i, e in enumerate(elts) if isinstance(e, ast.Starred)]
        if star:
            i = star[0]
            self.emit("UNPACK_EX", i + ((len(elts) - i - 1) << 8))
        else:
            self.emit("UNPACK_SEQUENCE", len(elts))
        for elt in elts:
            self.visit_expr(elt.value if isinstance(elt, ast.Starred) else elt)

    def expr_Tuple(self, node: ast.Tuple) -> None:
        if isinstance(node.ctx, ast.Store):
            self.unpack_targets(node.elts)
        elif isinstance(node.ctx, ast.Del):
            self.visit_exprs(node.elts)
        else:
            self.starunpack(node.elts, 0, "BUILD_LIST", "LIST_APPEND", "LIST_EXTEND", True)

    def expr_List(self, node: ast.List) -> None:
        if isinstance(node.ctx, ast.Store):
            self.unpack_targets(node.elts)
        elif isinstance(node.ctx, ast.Del):
            self.visit_exprs(node.elts)
        else:
            self.starunpack(node.elts, 0, "BUILD_LIST", "LIST_APPEND", "LIST_EXTEND", False)

    def expr_Set(self, node: ast.Set) -> None:
        self.starunpack(node.elts, 0, "BUILD_SET", "SET_ADD", "SET_UPDATE", False)

    def subdict(self, node: ast.Dict, begin: int, end: int) -> None:
        n = end - begin
        big = n * 2 > STACK_USE_GUIDELINE
        keys = node.keys[begin:end]
        if n > 1 and not big and all(isinstance(k, ast.Constant) for k in keys):
            self.visit_exprs(node.values[begin:end])
            self.load_const(tuple(k.value for k in keys))
            self.emit("BUILD_CONST_KEY_MAP", n)
            return
        if big:
            self.emit("BUILD_MAP", 0)
        for i in range(begin, end):
            self.visit_expr(node.keys[i])
            self.visit_expr(node.values[i])
            if big:
                self.emit("MAP_ADD", 1)
        if not big:
            self.emit("BUILD_MAP", n)

    def expr_Dict(self, node: ast.Dict) -> None:
        n = len(node.values)
        have_dict = False
        elements = 0
        for i in range(n):
            if node.keys[i] is None:
                if elements:
                    self.subdict(node, i - elements, i)
                    if have_dict:
                        self.emit("DICT_UPDATE", 1)
                    have_dict = True
                    elements = 0
                if not have_dict:
                    self.emit("BUILD_MAP", 0)
                    have_dict = True
                self.visit_expr(node.values[i])
                self.emit("DICT_UPDATE", 1)
            else:
                if elements * 2 > STACK_USE_GUIDELINE:
                    self.subdict(node, i - elements, i + 1)
                    if have_dict:
                        self.emit("DICT_UPDATE", 1)
                    have_dict = True
                    elements = 0
                else:
                    elements += 1
        if elements:
            self.subdict(node, n - elements, n)
            if have_dict:
                self.emit("DICT_UPDATE", 1)
            have_dict = True
        if not have_dict:
            self.emit("BUILD_MAP", 0)

    # --- attributes, subscripts, slices --------------------------------------------------
    def match_attr_start(self, attr: ast.Attribute) -> None:
        """Start the location at the attribute's name when the attribute spans lines
        (3.11 update_start_location_to_match_attr)."""
        pos = self.u.pos
        if pos.lineno == attr.end_lineno:
            return
        lineno = attr.end_lineno
        length = len(attr.attr)
        if length <= attr.end_col_offset:
            col, end_col = attr.end_col_offset - length, pos.end_col_offset
        else:
            col = end_col = -1
        end_lineno = max(lineno, pos.end_lineno)
        if lineno == end_lineno:
            end_col = max(col, end_col)
        self.u.pos = Position(lineno, end_lineno, col, end_col)

    def expr_Attribute(self, node: ast.Attribute) -> None:
        self.visit_expr(node.value)
        self.match_attr_start(node)
        op = {ast.Load: "LOAD_ATTR", ast.Store: "STORE_ATTR", ast.Del: "DELETE_ATTR"}
        self.emit_name(op[type(node.ctx)], node.attr)

    def expr_Subscript(self, node: ast.Subscript) -> None:
        op = {ast.Load: "BINARY_SUBSCR", ast.Store: "STORE_SUBSCR",
              ast.Del: "DELETE_SUBSCR"}[type(node.ctx)]
        self.visit_expr(node.value)
        self.visit_expr(node.slice)
        self.emit(op)

    def expr_Slice(self, node: ast.Slice) -> None:
        n = 2
        for part in (node.lower, node.upper):
            if part is not None:
                self.visit_expr(part)
            else:
                self.load_const(None)
        if node.step is not None:
            n += 1
            self.visit_expr(node.step)
        self.emit("BUILD_SLICE", n)

    def expr_Starred(self, node: ast.Starred) -> None:
        # Only reached as an assignment target inside a tuple (handled there); CPython's
        # compile() rejects every other use before we run.
        self.visit_expr(node.value)

    # --- f-strings ---------------------------------------------------------------------
    def expr_JoinedStr(self, node: ast.JoinedStr) -> None:
        values = node.values
        if len(values) > STACK_USE_GUIDELINE:
            self.load_const("")
            self.emit_name("LOAD_METHOD", "join")
            self.emit("BUILD_LIST", 0)
            for value in values:
                self.visit_expr(value)
                self.emit("LIST_APPEND", 1)
            self.emit("CALL", 1)
            return
        self.visit_exprs(values)
        if len(values) != 1:
            self.emit("BUILD_STRING", len(values))

    def expr_FormattedValue(self, node: ast.FormattedValue) -> None:
        self.visit_expr(node.value)
        oparg = FVC[node.conversion]
        if node.format_spec is not None:
            self.visit_expr(node.format_spec)
            oparg |= FVS_HAVE_SPEC
        self.emit("FORMAT_VALUE", oparg)

    # --- calls -----------------------------------------------------------------------
    def is_import_originated(self, expr) -> bool:
        if not isinstance(expr, ast.Name):
            return False
        from fivefold.compiler.scopes import DEF_IMPORT
        return bool(self.top_scope.flags(expr.id) & DEF_IMPORT)

    def expr_Call(self, node: ast.Call) -> None:
        if self.maybe_method_call(node):
            return
        with self.located(node.func):
            self.emit("PUSH_NULL")
        self.visit_expr(node.func)
        self.call_helper(0, node.args, node.keywords)

    def maybe_method_call(self, node: ast.Call) -> bool:
        meth = node.func
        if not isinstance(meth, ast.Attribute) or not isinstance(meth.ctx, ast.Load):
            return False
        if self.is_import_originated(meth.value):
            return False
        nargs, nkw = len(node.args), len(node.keywords)
        if nargs + nkw + (nkw != 0) >= STACK_USE_GUIDELINE:
            return False
        if any(isinstance(a, ast.Starred) for a in node.args):
            return False
        if any(k.arg is None for k in node.keywords):
            return False
        self.visit_expr(meth.value)
        set_pos(self.u, meth)
        self.match_attr_start(meth)
        self.emit_name("LOAD_METHOD", meth.attr)
        self.visit_exprs(node.args)
        if nkw:
            self.visit_keywords(node.keywords)
            self.emit_kw_names(node.keywords)
        set_pos(self.u, node)
        self.match_attr_start(meth)
        self.emit("CALL", nargs + nkw)
        return True

    def visit_keywords(self, keywords) -> None:
        for kw in keywords:
            self.visit_expr(kw.value)

    def emit_kw_names(self, keywords) -> None:
        self.emit("KW_NAMES", self.u.add_const(tuple(kw.arg for kw in keywords)))

    def subkwargs(self, keywords, begin: int, end: int) -> None:
        kws = keywords[begin:end]
        n = len(kws)
        big = n * 2 > STACK_USE_GUIDELINE
        if n > 1 and not big:
            for kw in kws:
                self.visit_expr(kw.value)
            self.load_const(tuple(kw.arg for kw in kws))
            self.emit("BUILD_CONST_KEY_MAP", n)
            return
        if big:
            self.emit_noline("BUILD_MAP", 0)
        for kw in kws:
            self.load_const(kw.arg)
            self.visit_expr(kw.value)
            if big:
                self.emit_noline("MAP_ADD", 1)
        if not big:
            self.emit("BUILD_MAP", n)

    def call_helper(self, n: int, args, keywords) -> None:
        """Arguments and the call instruction (compiler_call_helper)."""
        nelts, nkw = len(args), len(keywords)
        simple = (nelts + nkw * 2 <= STACK_USE_GUIDELINE
                  and not any(isinstance(a, ast.Starred) for a in args)
                  and not any(k.arg is None for k in keywords))
        if simple:
            self.visit_exprs(args)
            if nkw:
                self.visit_keywords(keywords)
                self.emit_kw_names(keywords)
            self.emit("CALL", n + nelts + nkw)
            return
        if n == 0 and nelts == 1 and isinstance(args[0], ast.Starred):
            self.visit_expr(args[0].value)
        else:
            self.starunpack(args, n, "BUILD_LIST", "LIST_APPEND", "LIST_EXTEND", True)
        if nkw:
            have_dict = False
            nseen = 0
            for i, kw in enumerate(keywords):
                if kw.arg is None:
                    if nseen:
                        self.subkwargs(keywords, i - nseen, i)
                        if have_dict:
                            self.emit("DICT_MERGE", 1)
                        have_dict = True
                        nseen = 0
                    if not have_dict:
                        self.emit("BUILD_MAP", 0)
                        have_dict = True
                    self.visit_expr(kw.value)
                    self.emit("DICT_MERGE", 1)
                else:
                    nseen += 1
            if nseen:
                self.subkwargs(keywords, nkw - nseen, nkw)
                if have_dict:
                    self.emit("DICT_MERGE", 1)
        self.emit("CALL_FUNCTION_EX", int(nkw > 0))

    # --- generators ---------------------------------------------------------------------
    def emit_yield(self) -> None:
        """addop_yield: an async generator's values are wrapped for its asend()."""
        if self.u.is_generator and self.u.is_coroutine:
            self.emit("ASYNC_GEN_WRAP")
        self.emit("YIELD_VALUE")
        self.emit("RESUME", 1)

    def expr_Yield(self, node: ast.Yield) -> None:
        if node.value is not None:
            self.visit_expr(node.value)
        else:
            self.load_const(None)
        self.emit_yield()

    def expr_YieldFrom(self, node: ast.YieldFrom) -> None:
        self.visit_expr(node.value)
        self.emit("GET_YIELD_FROM_ITER")
        self.load_const(None)
        self.add_yield_from()

    def add_yield_from(self, await_: bool = False) -> None:
        """The SEND loop of `yield from` and `await` (RESUME 2 and 3)."""
        start, resume, exit_ = Label("send"), Label("resume"), Label("send_exit")
        self.u.place(start)
        self.emit("SEND", target=exit_)
        self.u.place(resume)
        self.emit("YIELD_VALUE", 0)
        self.emit("RESUME", 3 if await_ else 2)
        self.emit("JUMP_NO_INTERRUPT", target=start)
        self.u.place(exit_)

    def expr_Await(self, node: ast.Await) -> None:
        self.visit_expr(node.value)
        self.emit("GET_AWAITABLE", 0)
        self.load_const(None)
        self.add_yield_from(await_=True)

    def set_pos_of(self, node) -> None:
        set_pos(self.u, node)
