"""Definitions: def, lambda, class, comprehensions and generator expressions, and
the closures, defaults, annotations and decorators around them (CPython 3.11
compile.c compiler_function, compiler_lambda, compiler_class,
compiler_comprehension, compiler_make_closure)."""

from __future__ import annotations

import ast

from fivefold.compiler.errors import CompileError
from fivefold.compiler.instr import Label
from fivefold.compiler.unit import (CLASS, CO_ASYNC_GENERATOR, CO_COROUTINE, CO_GENERATOR,
                                    CO_NESTED, CO_NEWLOCALS, CO_OPTIMIZED, CO_VARARGS,
                                    CO_VARKEYWORDS, COMPREHENSION, FUNCTION, LAMBDA, FBlock,
                                    set_pos)

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


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


def comprehension_parts(node) -> list:
    """The expressions a comprehension's own scope evaluates: everything but the
    outermost iterable, which its enclosing scope evaluates."""
    parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    for i, gen in enumerate(node.generators):
        parts.append(gen.target)
        parts.extend(gen.ifs)
        if i:
            parts.append(gen.iter)
    return parts


def is_coroutine_comprehension(node) -> bool:
    """CPython's ste_coroutine for a comprehension's scope: it has an `async for`,
    awaits, or holds a (non-generator) comprehension that is a coroutine, which
    symtable.c propagates to the scope around it. (A function is a coroutine when
    it is an `async def`; anything else would not have compiled.)"""
    if any(gen.is_async for gen in node.generators):
        return True
    for part in comprehension_parts(node):
        for n in own_scope_nodes(part):
            if isinstance(n, ast.Await):
                return True
            if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp)) \
                    and is_coroutine_comprehension(n):
                return True
    return False


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
        code, qualname = self.nested_code(
            node, scope, lambda: self.compile_function_body(node, scope, firstlineno))
        self.make_closure(code, funcflags, scope)
        self.apply_decorators(decorators)
        self.nameop(node.name, ast.Store())

    def nested_code(self, node, scope, native):
        """(code, qualname) of the scope `node` defines: `native()` compiles it with
        fivefold; CPython compiles it instead (per-scope fallback, section 5 of
        docs/engine.md) when it uses what fivefold.compiler.fallback declares
        unsupported, or when fivefold's compiler gives up on it (CompileError, or
        RecursionError on code nested deeper than its stack allows):
        a construct the compiler cannot handle falls back, it never stops the
        program. What the abandoned attempt compiled is forgotten."""
        reason = self.fallback.reason_for(node) if self.fallback else None
        if reason is None:
            depth = len(self.stack)
            mark = self.fallback.stats_mark() if self.fallback else None
            try:
                return native()
            except (CompileError, RecursionError) as exc:
                if self.fallback is None:
                    raise
                del self.stack[depth:]
                self.u = self.stack[-1]
                self.fallback.forget_since(mark)
                # RecursionError: nested deeper than the stack allows fivefold's
                # recursive code generator; CPython's compiler accepted it.
                reason = (f"not compiled: {exc}" if isinstance(exc, CompileError)
                          else "not compiled: nested too deeply (RecursionError)")
        return self.fallback.compile_scope(self, node, scope, reason)

    def function_flags(self, unit, args: ast.arguments | None) -> int:
        flags = CO_OPTIMIZED | CO_NEWLOCALS
        if args is not None:
            if args.vararg is not None:
                flags |= CO_VARARGS
            if args.kwarg is not None:
                flags |= CO_VARKEYWORDS
        if unit.scope.nested:
            flags |= CO_NESTED
        if unit.is_generator and unit.is_coroutine:
            flags |= CO_ASYNC_GENERATOR
        elif unit.is_generator:
            flags |= CO_GENERATOR
        elif unit.is_coroutine:
            flags |= CO_COROUTINE
        return flags | self.future_flags

    def compile_function_body(self, node, scope, firstlineno):
        unit = self.enter_scope(FUNCTION, node.name, scope, firstlineno)
        doc = None
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str) and self.optimize < 2:
            doc = body[0].value.value  # -OO: no docstring; the string is a statement
        unit.docstring = doc
        unit.add_const(doc)
        args = node.args
        unit.argcount = len(args.args)
        unit.posonlyargcount = len(args.posonlyargs)
        unit.kwonlyargcount = len(args.kwonlyargs)
        unit.is_generator = id(scope) in self.generator_scopes  # is_generator(body)
        unit.is_coroutine = isinstance(node, ast.AsyncFunctionDef)
        unit.flags = self.function_flags(unit, args)
        self.visit_stmts(body[1:] if doc is not None else body)
        code = self.finish_unit(add_none=True)
        qualname = unit.qualname
        self.exit_scope()
        return code, qualname

    def expr_Lambda(self, node: ast.Lambda) -> None:
        funcflags = self.default_arguments(node.args)
        scope = self.scope_map[id(node)]
        code, _ = self.nested_code(node, scope, lambda: self.compile_lambda_body(node, scope))
        self.make_closure(code, funcflags, scope)

    def compile_lambda_body(self, node: ast.Lambda, scope):
        unit = self.enter_scope(LAMBDA, "<lambda>", scope, node.lineno)
        unit.add_const(None)
        args = node.args
        unit.argcount = len(args.args)
        unit.posonlyargcount = len(args.posonlyargs)
        unit.kwonlyargcount = len(args.kwonlyargs)
        unit.is_generator = id(scope) in self.generator_scopes  # is_generator(node.body)
        unit.flags = self.function_flags(unit, args)
        self.visit_expr(node.body)
        if unit.is_generator:
            code = self.finish_unit(add_none=False)
        else:
            self.emit("RETURN_VALUE")
            code = self.finish_unit(add_none=True)
        qualname = unit.qualname
        self.exit_scope()
        return code, qualname

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
        code, _ = self.nested_code(
            node, scope, lambda: (self.compile_class_body(node, scope, firstlineno), None))
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
        is_async = is_coroutine_comprehension(node)
        code, _ = self.nested_code(
            node, scope, lambda: self.compile_comprehension_body(node, kind, elt, val, scope))
        self.make_closure(code, 0, scope)
        self.visit_expr(outermost.iter)
        self.emit("GET_AITER" if outermost.is_async else "GET_ITER")
        self.emit("CALL", 0)
        if is_async and kind != "genexpr":
            # An async list/set/dict comprehension is a coroutine: await it here.
            self.emit("GET_AWAITABLE", 0)
            self.load_const(None)
            self.add_yield_from(await_=True)

    def compile_comprehension_body(self, node, kind: str, elt, val, scope):
        unit = self.enter_scope(COMPREHENSION, f"<{kind}>", scope, node.lineno)
        set_pos(unit, node)
        unit.is_generator = kind == "genexpr"
        unit.is_coroutine = is_coroutine_comprehension(node)
        unit.flags = self.function_flags(unit, None)
        if kind != "genexpr":
            self.emit({"listcomp": "BUILD_LIST", "setcomp": "BUILD_SET",
                       "dictcomp": "BUILD_MAP"}[kind], 0)
        self.comprehension_generator(node.generators, 0, 0, elt, val, kind)
        if kind != "genexpr":
            self.emit("RETURN_VALUE")
        code = self.finish_unit(add_none=True)
        qualname = unit.qualname
        self.exit_scope()
        return code, qualname

    def comprehension_generator(self, generators, index: int, depth: int, elt, val,
                                kind: str) -> None:
        if generators[index].is_async:
            return self.async_comprehension_generator(generators, index, depth, elt, val, kind)
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
            self.comprehension_element(elt, val, kind, depth)
        self.u.place(if_cleanup)
        if start is not None:
            self.emit("JUMP", target=start)
            self.u.place(anchor)

    def comprehension_element(self, elt, val, kind: str, depth: int) -> None:
        """The innermost loop's body: yield or add the element."""
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

    def async_comprehension_generator(self, generators, index: int, depth: int, elt, val,
                                      kind: str) -> None:
        """`async for` in a comprehension (compiler_async_comprehension_generator):
        __anext__ awaited under a handler whose END_ASYNC_FOR ends the loop."""
        start, except_, if_cleanup = Label("acomp"), Label("acomp_except"), Label("acomp_if")
        gen = generators[index]
        if index == 0:
            self.u.argcount = 1  # the outermost async iterator, as an argument
            self.emit("LOAD_FAST", 0)
        else:
            self.visit_expr(gen.iter)
            self.emit("GET_AITER")
        self.u.place(start)
        self.push_fblock(FBlock("ASYNC_COMPREHENSION_GENERATOR", start))
        self.emit("SETUP_FINALLY", target=except_)
        self.emit("GET_ANEXT")
        self.load_const(None)
        self.add_yield_from(await_=True)
        self.emit("POP_BLOCK")
        self.visit_expr(gen.target)
        for cond in gen.ifs:
            self.jump_if(cond, if_cleanup, False)
            self.u.place(Label("acomp_next"))
        depth += 1
        index += 1
        if index < len(generators):
            self.comprehension_generator(generators, index, depth, elt, val, kind)
        else:
            self.comprehension_element(elt, val, kind, depth)
        self.u.place(if_cleanup)
        self.emit("JUMP", target=start)
        self.pop_fblock("ASYNC_COMPREHENSION_GENERATOR")
        self.u.place(except_)
        self.emit("END_ASYNC_FOR")
