"""Which symbol-table block belongs to which AST node.

`symtable` lists a block's children in the order CPython's symtable.c visits
them, which is not the compiler's order (a comprehension's outermost iterable
is visited before the comprehension's own block, a function's defaults and
decorators before its body, dict keys before values). Blocks carry only a name
and a line, so two lambdas or generator expressions on one line are told apart
by replaying symtable.c's visiting order here once, up front.
"""

from __future__ import annotations

import ast

from fivefold.compiler.scopes import Scope

_COMPREHENSIONS = {ast.ListComp: "listcomp", ast.SetComp: "setcomp", ast.DictComp: "dictcomp",
                   ast.GeneratorExp: "genexpr"}


def map_scopes(tree: ast.Module, top: Scope) -> dict[int, Scope]:
    """id(node) -> Scope for every function, lambda, class and comprehension node."""
    mapping: dict[int, Scope] = {}
    _Walker(mapping).visit_body(tree.body, top)
    return mapping


class _Walker:
    def __init__(self, mapping: dict[int, Scope]):
        self.mapping = mapping

    def visit_body(self, nodes, scope: Scope) -> None:
        for node in nodes:
            self.visit(node, scope)

    def visit_opt(self, node, scope: Scope) -> None:
        if node is not None:
            self.visit(node, scope)

    def annotations(self, args: ast.arguments, returns, scope: Scope) -> None:
        for a in args.posonlyargs + args.args:
            self.visit_opt(a.annotation, scope)
        if args.vararg is not None:
            self.visit_opt(args.vararg.annotation, scope)
        for a in args.kwonlyargs:
            self.visit_opt(a.annotation, scope)
        if args.kwarg is not None:
            self.visit_opt(args.kwarg.annotation, scope)
        self.visit_opt(returns, scope)

    def visit(self, node, scope: Scope) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.visit_body(node.args.defaults, scope)
            self.visit_body([d for d in node.args.kw_defaults if d is not None], scope)
            self.annotations(node.args, node.returns, scope)
            self.visit_body(node.decorator_list, scope)
            child = scope.child(node.name, node.lineno)
            self.mapping[id(node)] = child
            self.visit_body(node.body, child)
        elif isinstance(node, ast.ClassDef):
            self.visit_body(node.bases, scope)
            self.visit_body([k.value for k in node.keywords], scope)
            self.visit_body(node.decorator_list, scope)
            child = scope.child(node.name, node.lineno)
            self.mapping[id(node)] = child
            self.visit_body(node.body, child)
        elif isinstance(node, ast.Lambda):
            self.visit_body(node.args.defaults, scope)
            self.visit_body([d for d in node.args.kw_defaults if d is not None], scope)
            child = scope.child("lambda", node.lineno)
            self.mapping[id(node)] = child
            self.visit(node.body, child)
        elif type(node) in _COMPREHENSIONS:
            first = node.generators[0]
            self.visit(first.iter, scope)
            child = scope.child(_COMPREHENSIONS[type(node)], node.lineno)
            self.mapping[id(node)] = child
            self.visit(first.target, child)
            self.visit_body(first.ifs, child)
            for gen in node.generators[1:]:
                self.visit(gen.target, child)
                self.visit(gen.iter, child)
                self.visit_body(gen.ifs, child)
            if isinstance(node, ast.DictComp):
                self.visit(node.value, child)
                self.visit(node.key, child)
            else:
                self.visit(node.elt, child)
        elif isinstance(node, ast.Dict):
            self.visit_body([k for k in node.keys if k is not None], scope)
            self.visit_body(node.values, scope)
        elif isinstance(node, ast.NamedExpr):
            self.visit(node.value, scope)
            self.visit(node.target, scope)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child, scope)
