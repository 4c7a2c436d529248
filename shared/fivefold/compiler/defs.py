"""Definitions: def, lambda, class, comprehensions and generator expressions, and
the closures, defaults, annotations and decorators around them (CPython 3.11
compile.c compiler_function, compiler_lambda, compiler_class,
compiler_comprehension, compiler_make_closure)."""

from __future__ import annotations

import ast

from fivefold.compiler.instr import Label
from fivefold.compiler.unit import (CLASS, CO_GENERATOR, CO_NESTED, CO_NEWLOCALS, CO_OPTIMIZED,
                                    CO_VARARGS, CO_VARKEYWORDS, COMPREHENSION, FUNCTION, LAMBDA,
                                    set_pos)


def own_scope_nodes(body):
    """Every node of a scope's own code, not descending into nested scopes' bodies."""
    stack = list(body) if isinstance(body, list) else [body]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend(node.decorator_list)
            stack.extend(_argument_exprs(node.args))
            if node.returns is not None:
                stack.append(node.returns)
            continue
        if isinstance(node, ast.Lambda):
            stack.extend(_argument_exprs(node.args))
            continue
        if isinstance(node, ast.ClassDef):
            stack.extend(node.decorator_list)
            stack.extend(node.bases)
            stack.extend(k.value for k in node.keywords)
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(node.generators[0].iter)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _argument_exprs(args: ast.arguments):
    out = list(args.defaults) + [d for d in args.kw_defaults if d is not None]
    for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
        if a is not None and a.annotation is not None:
            out.append(a.annotation)
    return out


def is_generator(body) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_scope_nodes(body))


class Definitions:
    """Mixin of the Compiler for scopes nested in the current one."""

    # --- functions -----------------------------------------------------------------
    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.function_def(node)

    def stmt_AsyncFunctionDef(self, node) -> None:
        self.function_def(node)

    def visit_decorators(self, decorators) -> None:
        self.visit_exprs(decorators)

    def apply_decorators(self, decorators) -> None:
        old = self.u.pos
        for deco in reversed(decorators):
            set_pos(self.u, deco)
            self.emit("CALL", 0)
        self.u.pos = old

    def default_arguments(self, args: ast.arguments) -> int:
        flags = 0
        if args.defaults:
            self.visit_exprs(args.defaults)
            self.emit("BUILD_TUPLE", len(args.defaults))
            flags |= 0x01
        keys = []
        for arg, default in zip(args.kwonlyargs, args.kw_defaults):
            if default is not None:
                keys.append(self.mangle(arg.arg))
                self.visit_expr(default)
        if keys:
            self.load_const(tuple(keys))
            self.emit("BUILD_CONST_KEY_MAP", len(keys))
            flags |= 0x02
        return flags

    def visit_annotations(self, args: ast.arguments, returns) -> int:
        """Push a tuple (name, value, ...) of the annotations; return 0x04 if any."""
        count = 0

        def one(name, annotation):
            nonlocal count
            if annotation is None:
                return
            self.load_const(self.mangle(name))
            if self.future_flags & 0x1000000:
                self.visit_annotation(annotation)
            elif isinstance(annotation, ast.Starred):
                self.visit_expr(annotation.value)
                self.emit("UNPACK_SEQUENCE", 1)
            else:
                self.visit_expr(annotation)
            count += 2

        for a in args.args:
            one(a.arg, a.annotation)
        for a in args.posonlyargs:
            one(a.arg, a.annotation)
        if args.vararg is not None:
            one(args.vararg.arg, args.vararg.annotation)
        for a in args.kwonlyargs:
            one(a.arg, a.annotation)
        if args.kwarg is not None:
            one(args.kwarg.arg, args.kwarg.annotation)
        one("return", returns)
        if count:
            self.emit("BUILD_TUPLE", count)
            return 0x04
        return 0

    def function_def(self, node) -> None:
        decorators = node.decorator_list
        self.visit_decorators(decorators)
        firstlineno = decorators[0].lineno if decorators else node.lineno
        funcflags = self.default_arguments(node.args)
        funcflags |= self.visit_annotations(node.args, node.returns)
        scope = self.scope_map[id(node)]
        reason = self.fallback_reason(node) if self.fallback else None
        if reason:
            code, qualname = self.fallback.compile_scope(self, node, scope, reason)
        else:
            code, qualname = self.compile_function_body(node, scope, firstlineno)
        self.make_closure(code, funcflags, scope)
        self.apply_decorators(decorators)
        self.nameop(node.name, ast.Store())

    def fallback_reason(self, node) -> str | None:
        return self.fallback.reason_for(node)

    def function_flags(self, unit, args: ast.arguments | None) -> int:
        flags = CO_OPTIMIZED | CO_NEWLOCALS
        if args is not None:
            if args.vararg is not None:
                flags |= CO_VARARGS
            if args.kwarg is not None:
                flags |= CO_VARKEYWORDS
        if unit.scope.nested:
            flags |= CO_NESTED
        if unit.is_generator:
            flags |= CO_GENERATOR
        return flags | self.future_flags

    def compile_function_body(self, node, scope, firstlineno):
        unit = self.enter_scope(FUNCTION, node.name, scope, firstlineno)
        doc = None
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            doc = body[0].value.value
        unit.docstring = doc
        unit.add_const(doc)
        args = node.args
        unit.argcount = len(args.args)
        unit.posonlyargcount = len(args.posonlyargs)
        unit.kwonlyargcount = len(args.kwonlyargs)
        unit.is_generator = is_generator(body)
        unit.flags = self.function_flags(unit, args)
        self.visit_stmts(body[1:] if doc is not None else body)
        code = self.finish_unit(add_none=True)
        qualname = unit.qualname
        self.exit_scope()
        return code, qualname

    def expr_Lambda(self, node: ast.Lambda) -> None:
        funcflags = self.default_arguments(node.args)
        scope = self.scope_map[id(node)]
        unit = self.enter_scope(LAMBDA, "<lambda>", scope, node.lineno)
        unit.add_const(None)
        args = node.args
        unit.argcount = len(args.args)
        unit.posonlyargcount = len(args.posonlyargs)
        unit.kwonlyargcount = len(args.kwonlyargs)
        unit.is_generator = is_generator(node.body)
        unit.flags = self.function_flags(unit, args)
        self.visit_expr(node.body)
        if unit.is_generator:
            code = self.finish_unit(add_none=False)
        else:
            self.emit("RETURN_VALUE")
            code = self.finish_unit(add_none=True)
        self.exit_scope()
        self.make_closure(code, funcflags, scope)

    def make_closure(self, code, flags: int, scope) -> None:
        """Push a new function over `code` (a shadow or a CPython code object)."""
        freevars = code.co_freevars
        if freevars:
            for name in freevars:
                # A class's implicit __class__, and names that are cells here, come from
                # our cells; the rest pass through from our own free variables.
                self.emit("LOAD_CLOSURE", name)
            flags |= 0x08
            self.emit("BUILD_TUPLE", len(freevars))
        self.load_const(code)
        self.emit("MAKE_FUNCTION", flags)

    # --- classes ---------------------------------------------------------------------
    def stmt_ClassDef(self, node: ast.ClassDef) -> None:
        decorators = node.decorator_list
        self.visit_decorators(decorators)
        firstlineno = decorators[0].lineno if decorators else node.lineno
        scope = self.scope_map[id(node)]
        reason = self.fallback.reason_for(node) if self.fallback else None
        if reason:
            code, _ = self.fallback.compile_scope(self, node, scope, reason)
        else:
            code = self.compile_class_body(node, scope, firstlineno)
        self.emit("PUSH_NULL")
        self.emit("LOAD_BUILD_CLASS")
        self.make_closure(code, 0, scope)
        self.load_const(node.name)
        self.call_helper(2, node.bases, node.keywords)
        self.apply_decorators(decorators)
        self.nameop(node.name, ast.Store())

    def compile_class_body(self, node: ast.ClassDef, scope, firstlineno):
        unit = self.enter_scope(CLASS, node.name, scope, firstlineno)
        unit.flags = self.future_flags
        self.nameop("__name__", ast.Load())
        self.nameop("__module__", ast.Store())
        self.load_const(unit.qualname)
        self.nameop("__qualname__", ast.Store())
        self.body(node.body)
        self.unset_loc()
        if scope.needs_class_closure():
            self.emit("LOAD_CLOSURE", "__class__")
            self.emit("COPY", 1)
            self.nameop("__classcell__", ast.Store())
        else:
            self.load_const(None)
        self.emit("RETURN_VALUE")
        code = self.assemble(unit, self)
        self.exit_scope()
        return code

    # --- comprehensions ---------------------------------------------------------------
    def expr_ListComp(self, node) -> None:
        self.comprehension(node, "listcomp", node.elt, None)

    def expr_SetComp(self, node) -> None:
        self.comprehension(node, "setcomp", node.elt, None)

    def expr_DictComp(self, node) -> None:
        self.comprehension(node, "dictcomp", node.key, node.value)

    def expr_GeneratorExp(self, node) -> None:
        self.comprehension(node, "genexpr", node.elt, None)

    def comprehension(self, node, kind: str, elt, val) -> None:
        outermost = node.generators[0]
        scope = self.scope_map[id(node)]
        unit = self.enter_scope(COMPREHENSION, f"<{kind}>", scope, node.lineno)
        set_pos(unit, node)
        unit.is_generator = kind == "genexpr"
        unit.flags = self.function_flags(unit, None)
        if kind != "genexpr":
            self.emit({"listcomp": "BUILD_LIST", "setcomp": "BUILD_SET",
                       "dictcomp": "BUILD_MAP"}[kind], 0)
        self.comprehension_generator(node.generators, 0, 0, elt, val, kind)
        if kind != "genexpr":
            self.emit("RETURN_VALUE")
        code = self.finish_unit(add_none=True)
        self.exit_scope()
        self.make_closure(code, 0, scope)
        self.visit_expr(outermost.iter)
        self.emit("GET_ITER")
        self.emit("CALL", 0)

    def comprehension_generator(self, generators, index: int, depth: int, elt, val,
                                kind: str) -> None:
        start, if_cleanup, anchor = Label("comp"), Label("comp_if"), Label("comp_end")
        gen = generators[index]
        if index == 0:
            self.u.argcount = 1
            self.emit("LOAD_FAST", 0)
        else:
            elts = gen.iter.elts if isinstance(gen.iter, (ast.List, ast.Tuple)) else None
            if elts is not None and len(elts) == 1 and not isinstance(elts[0], ast.Starred):
                self.visit_expr(elts[0])
                start = None
            if start is not None:
                self.visit_expr(gen.iter)
                self.emit("GET_ITER")
        if start is not None:
            depth += 1
            self.u.place(start)
            self.emit("FOR_ITER", target=anchor)
        self.visit_expr(gen.target)
        for cond in gen.ifs:
            self.jump_if(cond, if_cleanup, False)
        index += 1
        if index < len(generators):
            self.comprehension_generator(generators, index, depth, elt, val, kind)
        else:
            if kind == "genexpr":
                self.visit_expr(elt)
                self.emit_yield()
                self.emit("POP_TOP")
            elif kind == "listcomp":
                self.visit_expr(elt)
                self.emit("LIST_APPEND", depth + 1)
            elif kind == "setcomp":
                self.visit_expr(elt)
                self.emit("SET_ADD", depth + 1)
            else:
                self.visit_expr(elt)
                self.visit_expr(val)
                self.emit("MAP_ADD", depth + 1)
        self.u.place(if_cleanup)
        if start is not None:
            self.emit("JUMP", target=start)
            self.u.place(anchor)
