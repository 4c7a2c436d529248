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

from fivefold.compiler.nodes import expression_fields
from fivefold.compiler.scopes import Scope

_COMPREHENSIONS = {ast.ListComp: "listcomp", ast.SetComp: "setcomp", ast.DictComp: "dictcomp",
                   ast.GeneratorExp: "genexpr"}


def map_scopes(tree: ast.Module, top: Scope) -> dict[int, Scope]:
    """id(node) -> Scope for every function, lambda, class and comprehension node."""
    return map_scopes_and_generators(tree, top)[0]


def map_scopes_and_generators(tree: ast.Module, top: Scope) -> tuple[dict[int, Scope], set[int]]:
    """map_scopes, and the ids of the Scopes whose own code yields (CPython's
    ste_generator: a `yield` or `yield from` among the scope's own nodes, which
    are exactly the nodes this walk visits in it)."""
    mapping: dict[int, Scope] = {}
    walker = _Walker(mapping)
    walker.visit_body(tree.body, top)
    return mapping, walker.generators


class _Walker:
    def __init__(self, mapping: dict[int, Scope]):
        self.mapping = mapping
        self.generators: set[int] = set()
        self.special = {
            ast.FunctionDef: self.visit_function, ast.AsyncFunctionDef: self.visit_function,
            ast.ClassDef: self.visit_class, ast.Lambda: self.visit_lambda,
            ast.ListComp: self.visit_comprehension, ast.SetComp: self.visit_comprehension,
            ast.DictComp: self.visit_comprehension, ast.GeneratorExp: self.visit_comprehension,
            ast.Dict: self.visit_dict, ast.NamedExpr: self.visit_named,
            ast.Yield: self.visit_yield, ast.YieldFrom: self.visit_yield,
        }

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
        special = self.special.get(type(node))
        if special is not None:
            special(node, scope)
            return
        # Any other node: its children in field order (ast.iter_child_nodes').
        AST = ast.AST
        for name in expression_fields(type(node)):
            value = getattr(node, name, None)
            if isinstance(value, AST):
                self.visit(value, scope)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        self.visit(item, scope)

    def visit_yield(self, node, scope: Scope) -> None:
        self.generators.add(id(scope))
        if node.value is not None:
            self.visit(node.value, scope)

    def visit_function(self, node, scope: Scope) -> None:
        self.visit_body(node.args.defaults, scope)
        self.visit_body([d for d in node.args.kw_defaults if d is not None], scope)
        self.annotations(node.args, node.returns, scope)
        self.visit_body(node.decorator_list, scope)
        child = scope.child(node.name, node.lineno)
        self.mapping[id(node)] = child
        self.visit_body(node.body, child)

    def visit_class(self, node, scope: Scope) -> None:
        self.visit_body(node.bases, scope)
        self.visit_body([k.value for k in node.keywords], scope)
        self.visit_body(node.decorator_list, scope)
        child = scope.child(node.name, node.lineno)
        self.mapping[id(node)] = child
        self.visit_body(node.body, child)

    def visit_lambda(self, node, scope: Scope) -> None:
        self.visit_body(node.args.defaults, scope)
        self.visit_body([d for d in node.args.kw_defaults if d is not None], scope)
        child = scope.child("lambda", node.lineno)
        self.mapping[id(node)] = child
        self.visit(node.body, child)

    def visit_comprehension(self, node, scope: Scope) -> None:
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

    def visit_dict(self, node, scope: Scope) -> None:
        self.visit_body([k for k in node.keys if k is not None], scope)
        self.visit_body(node.values, scope)

    def visit_named(self, node, scope: Scope) -> None:
        self.visit(node.value, scope)
        self.visit(node.target, scope)
