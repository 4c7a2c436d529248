"""Fast walks over the AST: the fields of each node type that can hold nodes, found once.

`ast.iter_child_nodes` looks at every field of every node through two generators;
the compiler walks whole modules several times (folding, nesting depth, scope
mapping), so it asks `node_fields` instead: the same children in the same order,
without the fields that only ever hold names, numbers, flags or a constant's value.
"""

from __future__ import annotations

import ast

AST = ast.AST

# Fields that hold identifiers, numbers, flags or strings in every node type.
_NEVER_NODES = frozenset({"id", "name", "arg", "attr", "kind", "level", "module", "is_async",
                          "simple", "conversion", "type_comment", "tag", "rest", "kwd_attrs",
                          "lineno", "col_offset", "end_lineno", "end_col_offset"})
# ... and the constant of these.
_CONSTANT_VALUE = (ast.Constant, ast.MatchSingleton)
# Operator and context fields: singleton nodes that have no children of their own.
_OPERATOR_FIELDS = frozenset({"ctx", "op", "ops"})

_FIELDS: dict[type, tuple[str, ...]] = {}
_SCOPE_FIELDS: dict[type, tuple[str, ...]] = {}


def node_fields(cls: type) -> tuple[str, ...]:
    """The fields of `cls` that may hold AST nodes (operators and contexts included),
    in `_fields` order: the children ast.iter_child_nodes yields come from these."""
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(
            f for f in cls._fields
            if f not in _NEVER_NODES and not (f == "value" and issubclass(cls, _CONSTANT_VALUE)))
    return fields


def expression_fields(cls: type) -> tuple[str, ...]:
    """node_fields without operators and contexts (which hold no scopes or yields)."""
    fields = _SCOPE_FIELDS.get(cls)
    if fields is None:
        fields = _SCOPE_FIELDS[cls] = tuple(f for f in node_fields(cls)
                                            if f not in _OPERATOR_FIELDS)
    return fields


def children(node) -> list:
    """ast.iter_child_nodes(node) as a list."""
    out = []
    for name in node_fields(type(node)):
        value = getattr(node, name, None)
        if isinstance(value, AST):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, AST):
                    out.append(item)
    return out
