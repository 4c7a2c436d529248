"""Constant folding, as CPython 3.11's AST optimizer (Python/ast_opt.c) does it.

CPython folds before compiling: `-1`, `2 ** 10`, `"a" "b" * 3`, tuples of
constants, `x in [1, 2]` (to a tuple), `for x in [1, 2]` (to a tuple), `{..}` on
the right of `in` (to a frozenset), `__debug__`, and `not (a is b)` to
`a is not b`. Folding changes what users can observe (constant identity, code
object contents), so we fold exactly where CPython does and with its size
limits, and never turn a runtime error into a compile-time one: an operation
that raises is left for run time.
"""

from __future__ import annotations

import ast
import operator

from fivefold.compiler.nodes import expression_fields

# Node types with an operator or context field (always set in a parsed tree).
_HOLDS_OPERATOR = frozenset({ast.Name, ast.Attribute, ast.Subscript, ast.Starred, ast.List,
                             ast.Tuple, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.AugAssign,
                             ast.Compare})

MAX_INT_SIZE = 128  # bits
MAX_COLLECTION_SIZE = 256
MAX_STR_SIZE = 4096
MAX_TOTAL_ITEMS = 1024

_UNARY = {ast.Invert: operator.invert, ast.Not: operator.not_, ast.UAdd: operator.pos,
          ast.USub: operator.neg}
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
           ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.BitAnd: operator.and_,
           ast.MatMult: operator.matmul}
_NEGATED_COMPARE = {ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}


class _Unfoldable(Exception):
    pass


def _size(value) -> int:
    if isinstance(value, (str, bytes, tuple, frozenset)):
        return len(value)
    return -1


def _check_complexity(value, limit: int) -> int:
    if isinstance(value, tuple):
        limit -= len(value)
        for item in value:
            if limit < 0:
                break
            limit = _check_complexity(item, limit)
    elif isinstance(value, frozenset):
        limit -= len(value)
        for item in value:
            if limit < 0:
                break
            limit = _check_complexity(item, limit)
    return limit


def _safe_multiply(v, w):
    if isinstance(v, int) and isinstance(w, int) and v and w:
        if v.bit_length() + w.bit_length() > MAX_INT_SIZE:
            raise _Unfoldable
    elif isinstance(v, int) and isinstance(w, (tuple, frozenset)):
        if w and v > 0 and (len(w) > MAX_COLLECTION_SIZE // v
                            or _check_complexity(w, MAX_TOTAL_ITEMS // v) < 0):
            raise _Unfoldable
    elif isinstance(v, int) and isinstance(w, (str, bytes)):
        if w and v > 0 and len(w) > MAX_STR_SIZE // v:
            raise _Unfoldable
    elif isinstance(w, int) and isinstance(v, (tuple, frozenset, str, bytes)):
        return _safe_multiply(w, v)
    return v * w


def _safe_power(v, w):
    if isinstance(v, int) and isinstance(w, int) and v and w > 0:
        if v.bit_length() * w > MAX_INT_SIZE:
            raise _Unfoldable
    return v ** w


def _safe_lshift(v, w):
    if isinstance(v, int) and isinstance(w, int) and v and w:
        if w > MAX_INT_SIZE or v.bit_length() > MAX_INT_SIZE - w:
            raise _Unfoldable
    return v << w


def _safe_mod(v, w):
    if isinstance(v, (str, bytes)):
        raise _Unfoldable  # string formatting is not folded
    return v % w


_SAFE = {ast.Mult: _safe_multiply, ast.Pow: _safe_power, ast.LShift: _safe_lshift,
         ast.Mod: _safe_mod}


def _is_const(node) -> bool:
    return isinstance(node, ast.Constant)


def _const(value, like: ast.AST) -> ast.Constant:
    return ast.copy_location(ast.Constant(value=value), like)


class ConstantFolder:
    """Folds the same expressions CPython 3.11's optimizer folds; `__debug__` is
    `not optimize` (False under -O and -OO).

    `visit_X(node)` is called once node's children are folded and returns what
    replaces it. The walk is iterative (`fold`), not ast.NodeTransformer's
    recursion: long flat code (`1+1+...` with thousands of terms, an elif chain
    of hundreds of branches) nests as deep as CPython accepts, far deeper than
    Python's recursion limit allows a recursive walk."""

    def __init__(self, optimize: int = 0):
        self.optimize = optimize

    def visit_UnaryOp(self, node):
        operand = node.operand
        if _is_const(operand):
            try:
                value = _UNARY[type(node.op)](operand.value)
            except Exception:
                return node
            return _const(value, node)
        if isinstance(node.op, ast.Not) and isinstance(operand, ast.Compare) \
                and len(operand.ops) == 1 and type(operand.ops[0]) in _NEGATED_COMPARE:
            operand.ops = [_NEGATED_COMPARE[type(operand.ops[0])]()]
            return operand  # keeps the comparison's own position, as CPython does
        return node

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.Mod) and _is_const(node.left) \
                and isinstance(node.left.value, str) and isinstance(node.right, ast.Tuple) \
                and not any(isinstance(e, ast.Starred) for e in node.right.elts):
            return optimize_format(node, node.left.value, node.right.elts)
        if not (_is_const(node.left) and _is_const(node.right)):
            return node
        lhs, rhs = node.left.value, node.right.value
        func = _SAFE.get(type(node.op), _BINARY[type(node.op)])
        try:
            value = func(lhs, rhs)
        except Exception:
            return node
        if isinstance(value, (str, bytes)) and len(value) > MAX_STR_SIZE:
            return node
        if isinstance(value, (tuple, frozenset)) and len(value) > MAX_COLLECTION_SIZE:
            return node
        return _const(value, node)

    def visit_Tuple(self, node):
        if isinstance(node.ctx, ast.Load) and all(_is_const(e) for e in node.elts):
            return _const(tuple(e.value for e in node.elts), node)
        return node

    def visit_Subscript(self, node):
        if isinstance(node.ctx, ast.Load) and _is_const(node.value) and _is_const(node.slice):
            try:
                value = node.value.value[node.slice.value]
            except Exception:
                return node
            return _const(value, node)
        return node

    def visit_Name(self, node):
        if node.id == "__debug__" and isinstance(node.ctx, ast.Load):
            return _const(not self.optimize, node)
        return node

    def visit_Compare(self, node):
        if type(node.ops[-1]) in (ast.In, ast.NotIn):
            node.comparators[-1] = _fold_iter(node.comparators[-1])
        return node

    def visit_For(self, node):
        node.iter = _fold_iter(node.iter)
        return node

    def visit_comprehension(self, node):
        node.iter = _fold_iter(node.iter)
        return node


def _nowhere(value) -> ast.Constant:
    """A constant the optimizer made up: no position (lineno -1), like CPython's."""
    return ast.Constant(value=value, lineno=-1, col_offset=-1, end_lineno=-1,
                        end_col_offset=-1)


_MAXDIGITS = 3


def _parse_spec(fmt: str, pos: int):
    """simple_format_arg_parse: flags, width, precision and the conversion character
    after a '%', or None when the unit is not one the optimizer handles."""
    n = len(fmt)
    ljust = False
    width = prec = -1
    if pos >= n:
        return None
    ch = fmt[pos]
    pos += 1
    while ch in "-+ #0":
        if ch == "-":
            ljust = True
        if pos >= n:
            return None
        ch = fmt[pos]
        pos += 1
    if ch.isdigit() and ch.isascii():
        width, digits = 0, 0
        while "0" <= ch <= "9":
            width = width * 10 + int(ch)
            if pos >= n:
                return None
            ch = fmt[pos]
            pos += 1
            digits += 1
            if digits >= _MAXDIGITS:
                return None
    if ch == ".":
        if pos >= n:
            return None
        ch = fmt[pos]
        pos += 1
        prec, digits = 0, 0
        while "0" <= ch <= "9":
            prec = prec * 10 + int(ch)
            if pos >= n:
                return None
            ch = fmt[pos]
            pos += 1
            digits += 1
            if digits >= _MAXDIGITS:
                return None
    return ch, ljust, width, prec, pos


def optimize_format(node, fmt: str, elts):
    """`'%s and %r' % (a, b)` becomes an f-string (3.11 ast_opt.c optimize_format)."""
    values = []
    pos, count, n = 0, 0, len(fmt)
    while True:
        start = pos
        has_percents = False
        while pos < n:
            if fmt[pos] != "%":
                pos += 1
            elif pos + 1 < n and fmt[pos + 1] == "%":
                has_percents = True
                pos += 2
            else:
                break
        if pos != start:
            text = fmt[start:pos]
            values.append(_nowhere(text.replace("%%", "%") if has_percents else text))
        if pos >= n:
            break
        if count >= len(elts):
            return node
        pos += 1
        parsed = _parse_spec(fmt, pos)
        if parsed is None:
            return node
        spec, ljust, width, prec, pos = parsed
        if spec not in "sra":
            return node
        arg = elts[count]
        count += 1
        text = ""
        if not ljust and width > 0:
            text += ">"
        if width >= 0:
            text += str(width)
        if prec >= 0:
            text += f".{prec}"
        fspec = None
        if text:
            fspec = _nowhere(text)
        values.append(ast.copy_location(
            ast.FormattedValue(value=arg, conversion=ord(spec), format_spec=fspec), arg))
    if count < len(elts):
        return node
    return ast.copy_location(ast.JoinedStr(values=values), node)


def _fold_iter(node):
    """A list or set display iterated over or tested with `in` becomes a constant
    tuple or frozenset (ast_opt.c fold_iter), or a tuple display (List -> Tuple)."""
    if isinstance(node, ast.List):
        if all(_is_const(e) for e in node.elts):
            return _const(tuple(e.value for e in node.elts), node)
        return ast.copy_location(ast.Tuple(elts=node.elts, ctx=ast.Load()), node)
    if isinstance(node, ast.Set):
        if all(_is_const(e) for e in node.elts):
            try:
                return _const(frozenset(e.value for e in node.elts), node)
            except TypeError:
                return node
    return node


def fold(tree: ast.AST, optimize: int = 0) -> ast.AST:
    """Fold the tree bottom-up without recursion (see fold_measured)."""
    return fold_measured(tree, optimize)[0]


def fold_measured(tree: ast.AST, optimize: int = 0) -> tuple[ast.AST, int]:
    """The folded tree and the unfolded tree's nesting depth (depth.nesting_depth's,
    which folding can only lower: an upper bound for the folded tree).

    Nodes are listed parents first (breadth first, children in field order), then
    folded in reverse order, so every node is folded after all its children
    (siblings' order does not matter: folding a node only looks at its children)
    and its replacement is written into its parent's field before the parent is
    folded."""
    folder = ConstantFolder(optimize)
    visits: dict = {}
    AST = ast.AST
    nodes = [tree]
    containers: list = [None]  # the parent node (a field) or list (an item) holding it
    keys: list = [None]  # the field name or the list index
    depths = [1]
    deepest = 1
    i = 0
    # Operators and contexts are never folded and have no children: they are not
    # listed, only counted in the depth (one level below the node holding them).
    while i < len(nodes):
        node = nodes[i]
        cls = type(node)
        depth = depths[i] + 1
        if cls in _HOLDS_OPERATOR and depth > deepest:
            deepest = depth
        for name in expression_fields(cls):
            value = getattr(node, name, None)
            if isinstance(value, AST):
                nodes.append(value)
                containers.append(node)
                keys.append(name)
                depths.append(depth)
            elif isinstance(value, list):
                for j, item in enumerate(value):
                    if isinstance(item, AST):
                        nodes.append(item)
                        containers.append(value)
                        keys.append(j)
                        depths.append(depth)
        i += 1
    root = tree
    for i in range(len(nodes) - 1, -1, -1):
        node = nodes[i]
        cls = type(node)
        try:
            visit = visits[cls]
        except KeyError:
            visit = visits[cls] = getattr(folder, "visit_" + cls.__name__, None)
        if visit is None:
            continue
        new = visit(node)
        if new is not node:
            if i == 0:
                root = new
            elif type(keys[i]) is int:
                containers[i][keys[i]] = new
            else:
                setattr(containers[i], keys[i], new)
    return root, max(deepest, max(depths))
