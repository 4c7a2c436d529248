"""Control flow and exception handling: if, loops, break/continue/return, try,
with, and the frame-block stack they unwind through (CPython 3.11 compile.c).

3.11's scheme: SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH and POP_BLOCK are
pseudo-instructions that only delimit the code an exception handler covers;
the assembler turns them into exception-table entries. `finally` bodies are
compiled twice: once on the normal path and once as the handler.
"""

from __future__ import annotations

import ast

from fivefold.compiler.instr import Label
from fivefold.compiler.unit import FBlock, set_pos


class ControlFlow:
    """Mixin of the Compiler for statements that jump."""

    # --- conditions -------------------------------------------------------------
    def jump_if(self, e: ast.expr, target: Label, cond: bool) -> None:
        """Jump to `target` if `e` is true (cond) or false (not cond): compiler_jump_if."""
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            return self.jump_if(e.operand, target, not cond)
        if isinstance(e, ast.BoolOp):
            cond2 = isinstance(e.op, ast.Or)
            next2 = target
            if cond2 != cond:
                next2 = Label("bool_next")
            for value in e.values[:-1]:
                self.jump_if(value, next2, cond2)
            self.jump_if(e.values[-1], target, cond)
            if next2 is not target:
                self.u.place(next2)
            return
        if isinstance(e, ast.IfExp):
            end, next2 = Label("ifexp_end"), Label("ifexp_next")
            self.jump_if(e.test, next2, False)
            self.jump_if(e.body, target, cond)
            self.emit_noline("JUMP", target=end)
            self.u.place(next2)
            self.jump_if(e.orelse, target, cond)
            self.u.place(end)
            return
        if isinstance(e, ast.Compare):
            # 3.11 moves the current location to a compared expression and leaves it
            # there: the jump and what follows (an assert's raise) carry it.
            set_pos(self.u, e)
        if isinstance(e, ast.Compare) and len(e.ops) > 1:
            cleanup = Label("cmp_cleanup")
            self.visit_expr(e.left)
            n = len(e.ops) - 1
            for i in range(n):
                self.visit_expr(e.comparators[i])
                self.emit("SWAP", 2)
                self.emit("COPY", 2)
                self.emit_compare(e.ops[i])
                self.emit("POP_JUMP_IF_FALSE", target=cleanup)
            self.visit_expr(e.comparators[n])
            self.emit_compare(e.ops[n])
            self.emit("POP_JUMP_IF_TRUE" if cond else "POP_JUMP_IF_FALSE", target=target)
            end = Label("cmp_end")
            self.emit_noline("JUMP", target=end)
            self.u.place(cleanup)
            self.emit("POP_TOP")
            if not cond:
                self.emit_noline("JUMP", target=target)
            self.u.place(end)
            return
        self.visit_expr(e)
        self.emit("POP_JUMP_IF_TRUE" if cond else "POP_JUMP_IF_FALSE", target=target)

    # --- if / while / for ---------------------------------------------------------------
    def stmt_If(self, node: ast.If) -> None:
        end = Label("if_end")
        nxt = Label("if_else") if node.orelse else end
        self.jump_if(node.test, nxt, False)
        self.visit_stmts(node.body)
        if node.orelse:
            self.emit_noline("JUMP", target=end)
            self.u.place(nxt)
            self.visit_stmts(node.orelse)
        self.u.place(end)

    def stmt_While(self, node: ast.While) -> None:
        loop, body, anchor, end = Label("while"), Label("while_body"), Label("while_else"), \
            Label("while_end")
        self.u.place(loop)
        self.push_fblock(FBlock("WHILE_LOOP", loop, end))
        self.jump_if(node.test, anchor, False)
        self.u.place(body)
        self.visit_stmts(node.body)
        set_pos(self.u, node)
        self.jump_if(node.test, body, True)
        self.pop_fblock("WHILE_LOOP")
        self.u.place(anchor)
        self.visit_stmts(node.orelse)
        self.u.place(end)

    def stmt_For(self, node: ast.For) -> None:
        start, body, cleanup, end = Label("for"), Label("for_body"), Label("for_cleanup"), \
            Label("for_end")
        self.push_fblock(FBlock("FOR_LOOP", start, end))
        self.visit_expr(node.iter)
        self.emit("GET_ITER")
        self.u.place(start)
        self.emit("FOR_ITER", target=cleanup)
        self.u.place(body)
        self.visit_expr(node.target)
        self.visit_stmts(node.body)
        self.unset_loc()
        self.emit("JUMP", target=start)
        self.u.place(cleanup)
        self.pop_fblock("FOR_LOOP")
        self.visit_stmts(node.orelse)
        self.u.place(end)

    # --- frame blocks ---------------------------------------------------------------------
    def push_fblock(self, fblock: FBlock) -> None:
        self.u.fblocks.append(fblock)

    def pop_fblock(self, kind: str) -> None:
        fb = self.u.fblocks.pop()
        assert fb.kind == kind, (fb.kind, kind)

    def unwind_fblock(self, info: FBlock, preserve_tos: bool) -> None:
        """Leave one frame block on a break/continue/return (compiler_unwind_fblock)."""
        kind = info.kind
        if kind in ("WHILE_LOOP", "EXCEPTION_HANDLER", "EXCEPTION_GROUP_HANDLER",
                    "ASYNC_COMPREHENSION_GENERATOR"):
            return
        if kind == "FOR_LOOP":
            if preserve_tos:
                self.emit("SWAP", 2)
            self.emit("POP_TOP")
        elif kind == "TRY_EXCEPT":
            self.emit("POP_BLOCK")
        elif kind == "FINALLY_TRY":
            self.emit("POP_BLOCK")
            if preserve_tos:
                self.push_fblock(FBlock("POP_VALUE"))
            self.visit_stmts(info.datum)
            if preserve_tos:
                self.pop_fblock("POP_VALUE")
            self.unset_loc()
        elif kind == "FINALLY_END":
            if preserve_tos:
                self.emit("SWAP", 2)
            self.emit("POP_TOP")
            if preserve_tos:
                self.emit("SWAP", 2)
            self.emit("POP_BLOCK")
            self.emit("POP_EXCEPT")
        elif kind in ("WITH", "ASYNC_WITH"):
            set_pos(self.u, info.datum)
            self.emit("POP_BLOCK")
            if preserve_tos:
                self.emit("SWAP", 2)
            self.call_exit_with_nones()
            if kind == "ASYNC_WITH":
                self.await_value(2)
            self.emit("POP_TOP")
            self.unset_loc()
        elif kind == "HANDLER_CLEANUP":
            if info.datum:
                self.emit("POP_BLOCK")
            if preserve_tos:
                self.emit("SWAP", 2)
            self.emit("POP_BLOCK")
            self.emit("POP_EXCEPT")
            if info.datum:
                self.load_const(None)
                self.nameop(info.datum, ast.Store())
                self.nameop(info.datum, ast.Del())
        elif kind == "POP_VALUE":
            if preserve_tos:
                self.emit("SWAP", 2)
            self.emit("POP_TOP")
        else:
            raise AssertionError(kind)

    def unwind_fblock_stack(self, preserve_tos: bool, stop_at_loop: bool) -> FBlock | None:
        """Unwind every frame block (down to the innermost loop when stop_at_loop);
        return that loop."""
        fblocks = self.u.fblocks
        if not fblocks:
            return None
        top = fblocks[-1]
        if stop_at_loop and top.kind in ("WHILE_LOOP", "FOR_LOOP"):
            return top
        fblocks.pop()
        try:
            self.unwind_fblock(top, preserve_tos)
            return self.unwind_fblock_stack(preserve_tos, stop_at_loop)
        finally:
            fblocks.append(top)

    def stmt_Return(self, node: ast.Return) -> None:
        value = node.value
        preserve_tos = value is not None and not isinstance(value, ast.Constant)
        if preserve_tos:
            self.visit_expr(value)
        elif value is not None:
            set_pos(self.u, value)
            self.emit("NOP")
        if value is None or value.lineno != node.lineno:
            set_pos(self.u, node)
            self.emit("NOP")
        self.unwind_fblock_stack(preserve_tos, False)
        if value is None:
            self.load_const(None)
        elif not preserve_tos:
            self.load_const(value.value)
        self.emit("RETURN_VALUE")

    def stmt_Break(self, node) -> None:
        self.emit("NOP")
        loop = self.unwind_fblock_stack(False, True)
        self.unwind_fblock(loop, False)
        self.emit("JUMP", target=loop.exit)

    def stmt_Continue(self, node) -> None:
        self.emit("NOP")
        loop = self.unwind_fblock_stack(False, True)
        self.emit("JUMP", target=loop.block)

    # --- try ---------------------------------------------------------------------------------
    def pop_except_and_reraise(self) -> None:
        self.emit("COPY", 3)
        self.emit("POP_EXCEPT")
        self.emit("RERAISE", 1)

    def stmt_Try(self, node: ast.Try) -> None:
        if node.finalbody:
            self.try_finally(node)
        else:
            self.try_except(node)

    def stmt_TryStar(self, node) -> None:
        if node.finalbody:
            self.try_finally(node, self.try_star_except)
        else:
            self.try_star_except(node)

    def try_finally(self, node: ast.Try, try_except=None) -> None:
        body, end, exit_, cleanup = Label("try"), Label("finally"), Label("finally_exit"), \
            Label("finally_cleanup")
        self.emit("SETUP_FINALLY", target=end)
        self.u.place(body)
        self.push_fblock(FBlock("FINALLY_TRY", body, end, node.finalbody))
        if node.handlers:
            (try_except or self.try_except)(node)
        else:
            self.visit_stmts(node.body)
        self.emit_noline("POP_BLOCK")
        self.pop_fblock("FINALLY_TRY")
        self.visit_stmts(node.finalbody)
        self.emit_noline("JUMP", target=exit_)
        # The handler: the finally body again, then re-raise.
        self.u.place(end)
        self.unset_loc()
        self.emit("SETUP_CLEANUP", target=cleanup)
        self.emit("PUSH_EXC_INFO")
        self.push_fblock(FBlock("FINALLY_END", end))
        self.visit_stmts(node.finalbody)
        self.pop_fblock("FINALLY_END")
        self.emit("RERAISE", 0)
        self.u.place(cleanup)
        self.pop_except_and_reraise()
        self.u.place(exit_)

    def try_except(self, node: ast.Try) -> None:
        body, except_, end, cleanup = Label("try"), Label("except"), Label("try_end"), \
            Label("except_cleanup")
        self.emit("SETUP_FINALLY", target=except_)
        self.u.place(body)
        self.push_fblock(FBlock("TRY_EXCEPT", body))
        self.visit_stmts(node.body)
        self.pop_fblock("TRY_EXCEPT")
        self.emit_noline("POP_BLOCK")
        self.visit_stmts(node.orelse)
        self.emit_noline("JUMP", target=end)
        self.u.place(except_)
        self.unset_loc()
        self.emit("SETUP_CLEANUP", target=cleanup)
        self.emit("PUSH_EXC_INFO")
        self.push_fblock(FBlock("EXCEPTION_HANDLER"))
        for handler in node.handlers:
            set_pos(self.u, handler)
            next_except = Label("except_next")
            if handler.type is not None:
                self.visit_expr(handler.type)
                self.emit("CHECK_EXC_MATCH")
                self.emit("POP_JUMP_IF_FALSE", target=next_except)
            if handler.name:
                cleanup_end, cleanup_body = Label("handler_cleanup"), Label("handler_body")
                self.nameop(handler.name, ast.Store())
                self.emit("SETUP_CLEANUP", target=cleanup_end)
                self.u.place(cleanup_body)
                self.push_fblock(FBlock("HANDLER_CLEANUP", cleanup_body, None, handler.name))
                self.visit_stmts(handler.body)
                self.pop_fblock("HANDLER_CLEANUP")
                self.unset_loc()
                self.emit("POP_BLOCK")
                self.emit("POP_BLOCK")
                self.emit("POP_EXCEPT")
                self.load_const(None)
                self.nameop(handler.name, ast.Store())
                self.nameop(handler.name, ast.Del())
                self.emit("JUMP", target=end)
                self.u.place(cleanup_end)
                self.unset_loc()
                self.load_const(None)
                self.nameop(handler.name, ast.Store())
                self.nameop(handler.name, ast.Del())
                self.emit("RERAISE", 1)
            else:
                cleanup_body = Label("handler_body")
                self.emit("POP_TOP")
                self.u.place(cleanup_body)
                self.push_fblock(FBlock("HANDLER_CLEANUP", cleanup_body, None, None))
                self.visit_stmts(handler.body)
                self.pop_fblock("HANDLER_CLEANUP")
                self.unset_loc()
                self.emit("POP_BLOCK")
                self.emit("POP_EXCEPT")
                self.emit("JUMP", target=end)
            self.u.place(next_except)
        self.unset_loc()
        self.pop_fblock("EXCEPTION_HANDLER")
        self.emit("RERAISE", 0)
        self.u.place(cleanup)
        self.pop_except_and_reraise()
        self.u.place(end)

    def stmt_AsyncFor(self, node: ast.AsyncFor) -> None:
        """compiler_async_for: __anext__ awaited under a handler; END_ASYNC_FOR ends
        the loop on StopAsyncIteration."""
        start, except_, end = Label("async_for"), Label("async_for_except"), \
            Label("async_for_end")
        self.visit_expr(node.iter)
        self.emit("GET_AITER")
        self.u.place(start)
        self.push_fblock(FBlock("FOR_LOOP", start, end))
        self.emit("SETUP_FINALLY", target=except_)
        self.emit("GET_ANEXT")
        self.load_const(None)
        self.add_yield_from(await_=True)
        self.emit("POP_BLOCK")
        self.visit_expr(node.target)
        self.visit_stmts(node.body)
        self.unset_loc()
        self.emit("JUMP", target=start)
        self.pop_fblock("FOR_LOOP")
        self.u.place(except_)
        # END_ASYNC_FOR follows the `for`, not the body: the iterator's line.
        set_pos(self.u, node.iter)
        self.emit("END_ASYNC_FOR")
        self.visit_stmts(node.orelse)
        self.u.place(end)

    def try_star_except(self, node) -> None:
        """compiler_try_star_except: each handler splits the exception group left so far
        (CHECK_EG_MATCH) into the part it handles, bound to its name while its body
        runs, and the rest; what the handlers raise or re-raise, and the rest that
        none handled, are collected in a list that PREP_RERAISE_STAR turns into
        the exception group to raise, if any."""
        body, except_, orelse, end, cleanup, reraise_star = Label("try"), \
            Label("except_star"), Label("try_else"), Label("try_end"), \
            Label("except_star_cleanup"), Label("reraise_star")
        self.emit("SETUP_FINALLY", target=except_)
        self.u.place(body)
        self.push_fblock(FBlock("TRY_EXCEPT", body))
        self.visit_stmts(node.body)
        self.pop_fblock("TRY_EXCEPT")
        self.emit_noline("POP_BLOCK")
        self.emit_noline("JUMP", target=orelse)
        self.u.place(except_)
        self.unset_loc()
        self.emit("SETUP_CLEANUP", target=cleanup)
        self.emit("PUSH_EXC_INFO")
        self.push_fblock(FBlock("EXCEPTION_GROUP_HANDLER"))
        n = len(node.handlers)
        for i, handler in enumerate(node.handlers):
            set_pos(self.u, handler)
            next_except, except_with_error, no_match = Label("except_star_next"), \
                Label("except_star_error"), Label("except_star_no_match")
            if i == 0:
                # [orig] -> [orig, [], orig]: the list collects what the handlers raise.
                self.emit("COPY", 1)
                self.emit("BUILD_LIST", 0)
                self.emit("SWAP", 2)
            if handler.type is not None:
                self.visit_expr(handler.type)
                self.emit("CHECK_EG_MATCH")
                self.emit("COPY", 1)
                self.emit("POP_JUMP_IF_NONE", target=no_match)
            cleanup_end, cleanup_body = Label("handler_cleanup"), Label("handler_body")
            if handler.name:
                self.nameop(handler.name, ast.Store())
            else:
                self.emit("POP_TOP")  # the match
            self.emit("SETUP_CLEANUP", target=cleanup_end)
            self.u.place(cleanup_body)
            self.push_fblock(FBlock("HANDLER_CLEANUP", cleanup_body, None, handler.name))
            self.visit_stmts(handler.body)
            self.pop_fblock("HANDLER_CLEANUP")
            # name = None; del name (artificial)
            self.unset_loc()
            self.emit("POP_BLOCK")
            if handler.name:
                self.load_const(None)
                self.nameop(handler.name, ast.Store())
                self.nameop(handler.name, ast.Del())
            self.emit("JUMP", target=next_except)
            # The handler raised: name = None; del name; add what it raised to the list.
            self.u.place(cleanup_end)
            if handler.name:
                self.load_const(None)
                self.nameop(handler.name, ast.Store())
                self.nameop(handler.name, ast.Del())
            self.emit("LIST_APPEND", 3)  # the exception
            self.emit("POP_TOP")  # lasti
            self.emit("JUMP", target=except_with_error)
            self.u.place(next_except)
            self.emit("NOP")  # to hold a propagated location
            self.emit("JUMP", target=except_with_error)
            self.u.place(no_match)
            set_pos(self.u, handler)
            self.emit("POP_TOP")  # the match (None)
            self.u.place(except_with_error)
            if i == n - 1:
                # Add the rest to the list (not None: the part no handler matched).
                self.unset_loc()
                self.emit("LIST_APPEND", 1)
                self.emit("JUMP", target=reraise_star)
        self.pop_fblock("EXCEPTION_GROUP_HANDLER")
        reraise = Label("reraise")
        self.u.place(reraise_star)
        self.emit("PREP_RERAISE_STAR")
        self.emit("COPY", 1)
        self.emit("POP_JUMP_IF_NOT_NONE", target=reraise)
        # Nothing to re-raise:
        self.emit("POP_TOP")
        self.emit("POP_BLOCK")
        self.emit("POP_EXCEPT")
        self.emit("JUMP", target=end)
        self.u.place(reraise)
        self.emit("POP_BLOCK")
        self.emit("SWAP", 2)
        self.emit("POP_EXCEPT")
        self.emit("RERAISE", 0)
        self.u.place(cleanup)
        self.pop_except_and_reraise()
        self.u.place(orelse)
        self.visit_stmts(node.orelse)
        self.u.place(end)

    # --- with ------------------------------------------------------------------------------
    def await_value(self, where: int) -> None:
        """Await what is on top (GET_AWAITABLE's oparg: 1 after __aenter__, 2 after __aexit__)."""
        self.emit("GET_AWAITABLE", where)
        self.load_const(None)
        self.add_yield_from(await_=True)

    def stmt_AsyncWith(self, node: ast.AsyncWith, pos: int = 0) -> None:
        """compiler_async_with: stmt_With with __aenter__ and __aexit__ awaited."""
        item = node.items[pos]
        block, final, exit_, cleanup = Label("awith"), Label("awith_final"), \
            Label("awith_exit"), Label("awith_cleanup")
        self.visit_expr(item.context_expr)
        self.emit("BEFORE_ASYNC_WITH")
        self.await_value(1)
        self.emit("SETUP_WITH", target=final)
        self.u.place(block)
        self.push_fblock(FBlock("ASYNC_WITH", block, final, node))
        if item.optional_vars is not None:
            self.visit_expr(item.optional_vars)
        else:
            self.emit("POP_TOP")
        pos += 1
        if pos == len(node.items):
            self.visit_stmts(node.body)
        else:
            self.stmt_AsyncWith(node, pos)
        self.pop_fblock("ASYNC_WITH")
        self.emit("POP_BLOCK")
        set_pos(self.u, node)
        self.call_exit_with_nones()
        self.await_value(2)
        self.emit("POP_TOP")
        self.emit("JUMP", target=exit_)
        # The exceptional outcome: the awaited __aexit__(type, value, traceback) decides.
        self.u.place(final)
        self.emit("SETUP_CLEANUP", target=cleanup)
        self.emit("PUSH_EXC_INFO")
        self.emit("WITH_EXCEPT_START")
        self.await_value(2)
        self.with_except_finish(cleanup)
        self.u.place(exit_)

    def call_exit_with_nones(self) -> None:
        self.load_const(None)
        self.load_const(None)
        self.load_const(None)
        self.emit("CALL", 2)

    def stmt_With(self, node: ast.With, pos: int = 0) -> None:
        item = node.items[pos]
        block, final, exit_, cleanup = Label("with"), Label("with_final"), Label("with_exit"), \
            Label("with_cleanup")
        self.visit_expr(item.context_expr)
        self.emit("BEFORE_WITH")
        self.emit("SETUP_WITH", target=final)
        self.u.place(block)
        self.push_fblock(FBlock("WITH", block, final, node))
        if item.optional_vars is not None:
            self.visit_expr(item.optional_vars)
        else:
            self.emit("POP_TOP")
        pos += 1
        if pos == len(node.items):
            self.visit_stmts(node.body)
        else:
            self.stmt_With(node, pos)
        self.unset_loc()
        self.emit("POP_BLOCK")
        self.pop_fblock("WITH")
        set_pos(self.u, node)
        self.call_exit_with_nones()
        self.emit("POP_TOP")
        self.emit("JUMP", target=exit_)
        # The exceptional outcome: __exit__(type, value, traceback) decides.
        self.u.place(final)
        self.emit("SETUP_CLEANUP", target=cleanup)
        self.emit("PUSH_EXC_INFO")
        self.emit("WITH_EXCEPT_START")
        self.with_except_finish(cleanup)
        self.u.place(exit_)

    def with_except_finish(self, cleanup: Label) -> None:
        self.unset_loc()
        exit_ = Label("with_suppress")
        self.emit("POP_JUMP_IF_TRUE", target=exit_)
        self.emit("RERAISE", 2)
        self.u.place(cleanup)
        self.pop_except_and_reraise()
        self.u.place(exit_)
        self.emit("POP_TOP")
        self.emit("POP_BLOCK")
        self.emit("POP_EXCEPT")
        self.emit("POP_TOP")
        self.emit("POP_TOP")
