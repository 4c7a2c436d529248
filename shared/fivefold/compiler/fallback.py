"""Per-function fallback to CPython's compiler (docs/engine.md section 5).

A scope that uses what fivefold does not compile (the constructs in
UNSUPPORTED) is compiled by CPython's own `compile()`: its AST,
untouched and at its original lines, is placed inside a synthetic function
that binds the scope's free variables (and inside a class of the same name when
its parent is a class, for name mangling and `__class__`), so the CPython code
object has the same co_freevars. fivefold's MAKE_FUNCTION then builds the
function from that code over the same globals and the same cells, and CPython
runs it exactly as it would have. Every fallback is recorded with its reason.
"""

from __future__ import annotations

import ast
import types
import warnings
from collections import Counter

from fivefold.compiler.depth import limit_raised_by, nesting_depth
from fivefold.compiler.scopes import DEF_IMPORT

SYNTHETIC = "__fivefold_fallback__"

# AST node type -> the reason reported for falling back: a scope that defines
# such a node (ast.AsyncFunctionDef: the definition itself) or holds one among
# its own nodes runs on CPython. A nested scope falls back on its own; its
# enclosing scope does not. The tests add entries to exercise the mechanism.
# (ast.comprehension stands for an async one: `async for` in a comprehension.)
UNSUPPORTED: dict[type, str] = {}


# The two classes are written out, not dataclasses: dataclasses would bring inspect,
# copy and re into every run that compiles.
class FallbackRecord:
    """One scope that runs on CPython, and why."""

    __slots__ = ("filename", "qualname", "lineno", "reason")

    def __init__(self, filename: str, qualname: str, lineno: int, reason: str):
        self.filename = filename
        self.qualname = qualname
        self.lineno = lineno
        self.reason = reason

    def __repr__(self) -> str:
        return (f"FallbackRecord(filename={self.filename!r}, qualname={self.qualname!r}, "
                f"lineno={self.lineno!r}, reason={self.reason!r})")


class Stats:
    """What the compiler did in this process: units compiled, fallbacks and why."""

    def __init__(self, units_compiled: int = 0, fallbacks: list[FallbackRecord] | None = None):
        self.units_compiled = units_compiled
        self.fallbacks = [] if fallbacks is None else fallbacks

    def reasons(self) -> Counter:
        return Counter(f.reason for f in self.fallbacks)

    def reset(self) -> None:
        self.units_compiled = 0
        self.fallbacks.clear()


STATS = Stats()


def scan(nodes) -> str | None:
    """The first unsupported construct among a scope's own nodes, or None."""
    for node in nodes:
        if isinstance(node, ast.AsyncFunctionDef):
            continue  # a nested definition falls back (or not) on its own
        if isinstance(node, ast.comprehension) and not node.is_async:
            continue
        reason = UNSUPPORTED.get(type(node))
        if reason is not None:
            return reason
    return None


class FallbackCompiler:
    """Decides which scopes fall back and compiles them with CPython."""

    def __init__(self, filename: str, future_flags: int, optimize: int = -1):
        self.filename = filename
        self.future_flags = future_flags
        self.optimize = optimize  # compile()'s -O level, as the fivefold code's

    def reason_for(self, node) -> str | None:
        from fivefold.compiler.defs import own_scope_nodes

        if not UNSUPPORTED:
            return None  # nothing can be found: the walk below is skipped
        reason = UNSUPPORTED.get(type(node))
        if reason is not None:
            return reason
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return scan(own_scope_nodes(node.body))
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            parts = [node.elt] if not isinstance(node, ast.DictComp) else [node.key, node.value]
            for i, gen in enumerate(node.generators):
                parts.extend(gen.ifs)
                parts.append(gen.target)
                if i:
                    parts.append(gen.iter)
            nodes = list(node.generators)
            for part in parts:
                nodes.extend(own_scope_nodes(part))
            return scan(nodes)
        return None

    def stats_mark(self) -> tuple[int, int]:
        """Where the statistics stand, for forget_since."""
        return STATS.units_compiled, len(STATS.fallbacks)

    def forget_since(self, mark: tuple[int, int]) -> None:
        """Forget the units compiled and fallbacks recorded since `mark` (an attempt
        that was abandoned)."""
        STATS.units_compiled = mark[0]
        del STATS.fallbacks[mark[1]:]

    def module_reason(self, tree: ast.Module) -> str | None:
        from fivefold.compiler.defs import own_scope_nodes

        if not UNSUPPORTED:
            return None
        return scan(own_scope_nodes(tree.body))

    def compile_module(self, tree: ast.Module, reason: str) -> types.CodeType:
        code = _quiet_compile(tree, self.filename, self.future_flags, self.optimize)
        STATS.fallbacks.append(FallbackRecord(self.filename, "<module>", 1, reason))
        return code

    def compile_scope(self, compiler, node, scope, reason: str):
        """CPython's code object for the scope `node` defines, with fivefold's qualname."""
        from fivefold.compiler.unit import CLASS, COMPREHENSION, FUNCTION, LAMBDA  # noqa: F401

        parent = compiler.u
        if isinstance(node, ast.ClassDef):
            kind, name = CLASS, node.name
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kind, name = FUNCTION, node.name
        elif isinstance(node, ast.Lambda):
            kind, name = LAMBDA, "<lambda>"
        else:
            kind = COMPREHENSION
            name = {ast.ListComp: "<listcomp>", ast.SetComp: "<setcomp>",
                    ast.DictComp: "<dictcomp>", ast.GeneratorExp: "<genexpr>"}[type(node)]
        qualname = compiler.qualname_for(kind, name, parent)
        frees = scope.freevars()
        # Inside a class (directly or not) names are mangled with its name: compile
        # inside a class of that name too.
        in_class = parent.private is not None
        # The scope's own nodes go into the synthetic module as they are: compile()
        # does not change them, and copying them (copy.deepcopy recurses) would
        # fail on the long flat code that falls back for being nested too deeply.
        inner = node
        stmt = inner if isinstance(inner, ast.stmt) else ast.Expr(inner)
        body = [stmt]
        if in_class:
            body = [ast.ClassDef(name=parent.private, bases=[], keywords=[], body=body,
                                 decorator_list=[])]
        binds = [f for f in frees if not (in_class and f == "__class__")]
        own_name = getattr(node, "name", None)
        if own_name is not None and not in_class and own_name not in binds:
            # The synthetic function must not turn the definition's own name into a
            # local that a recursive reference would capture.
            body.insert(0, ast.Global(names=[own_name]))
        if binds:
            body.insert(0, ast.Assign(targets=[ast.Name(f, ast.Store()) for f in binds],
                                      value=ast.Constant(None)))
        outer = ast.FunctionDef(name=SYNTHETIC, args=ast.arguments(
            posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
            defaults=[]), body=body, decorator_list=[], returns=None)
        # Names the real module imports: CPython's compiler calls attributes of them
        # without LOAD_METHOD (is_import_originated), so the fallback code must know them.
        imported = sorted(n for n in compiler.top_scope.symbols
                          if compiler.top_scope.flags(n) & DEF_IMPORT and n.isidentifier())
        prelude = [ast.Import(names=[ast.alias(name=n)]) for n in imported]
        module = ast.Module(body=prelude + [outer], type_ignores=[])
        ast.copy_location(outer, node)
        _fix_missing_locations(module)
        top = _quiet_compile(module, self.filename, self.future_flags, self.optimize)
        code = _find_code(top, [SYNTHETIC] + ([parent.private] if in_class else []) + [name])
        code = _rename(code, code.co_qualname, qualname)
        STATS.fallbacks.append(FallbackRecord(self.filename, qualname, node.lineno, reason))
        return code, qualname


def _fix_missing_locations(tree: ast.AST) -> None:
    """ast.fix_missing_locations without its recursion: a node without a position
    takes its parent's. Only the synthetic nodes lack one; parsed nodes keep theirs."""
    stack = [(tree, 1, 0, 1, 0)]
    while stack:
        node, lineno, col, end_lineno, end_col = stack.pop()
        if "lineno" in node._attributes:
            for attr, inherited in (("lineno", lineno), ("col_offset", col),
                                    ("end_lineno", end_lineno), ("end_col_offset", end_col)):
                if getattr(node, attr, None) is None:
                    setattr(node, attr, inherited)
            lineno, col = node.lineno, node.col_offset
            end_lineno, end_col = node.end_lineno, node.end_col_offset
        stack.extend((child, lineno, col, end_lineno, end_col)
                     for child in ast.iter_child_nodes(node))


def _quiet_compile(tree, filename: str, flags: int, optimize: int = -1) -> types.CodeType:
    """CPython's compile(); its SyntaxWarnings were already shown when the whole
    source was checked, so they are not repeated. Reading an AST object, compile()
    spends a level of the recursion limit per level of nesting (unlike compiling
    source): the limit is raised by the tree's depth for it."""
    with warnings.catch_warnings(), limit_raised_by(nesting_depth(tree)):
        warnings.simplefilter("ignore")
        return compile(tree, filename, "exec", flags=flags, dont_inherit=True, optimize=optimize)


def _find_code(code: types.CodeType, path: list[str]) -> types.CodeType:
    for name in path:
        for const in code.co_consts:
            if isinstance(const, types.CodeType) and const.co_name == name:
                code = const
                break
        else:
            raise LookupError(f"fallback: no code object {name!r} in {code.co_name!r}")
    return code


def _rename(code: types.CodeType, old: str, new: str) -> types.CodeType:
    """Give `code` and the code objects nested in it fivefold's qualnames."""
    consts = tuple(_rename(c, old, new) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    qualname = code.co_qualname
    if qualname == old:
        qualname = new
    elif qualname.startswith(old + "."):
        qualname = new + qualname[len(old):]
    return code.replace(co_qualname=qualname, co_consts=consts)
