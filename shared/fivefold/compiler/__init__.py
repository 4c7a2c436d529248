"""fivefold's compiler: Python source to fivefold code, on `ast` and `symtable`.

    compile_source(source, filename) -> code object

returns the module's shadow code object (docs/engine.md section 1), which
`exec(code, globals)` runs on fivefold's VM; a module that must fall back
entirely comes back as a CPython code object. `target="cpython"` assembles the
same instructions into CPython 3.11 code objects instead (a test oracle).

The pipeline, in the order CPython 3.11's compile() runs the same steps:

1. `compile()` by CPython itself: the exact SyntaxError, and SyntaxWarnings once;
2. `ast.parse`, then constant folding as Python/ast_opt.c does (folding.py);
3. scopes from `symtable` (scopes.py), matched to AST nodes (scope_map.py);
4. a scope using what fallback.UNSUPPORTED lists goes to CPython (fallback.py), and
   so does one the code generator gives up on (CompileError);
5. code generation per unit, mirroring Python/compile.c (statements.py, exprs.py,
   control.py, defs.py);
6. CFG passes, stack depth, exception handlers (cfg.py) and encoding into
   bytecode, exception table and location table (assembler.py), then the
   shadow code object through `fivefold._fivefold.make_code`.
"""

from __future__ import annotations

import ast
import sys
import types
import warnings

from fivefold.compiler import assembler, depth, folding, isa as isa_mod
from fivefold.compiler.errors import CompileError
from fivefold.compiler.statements import Compiler
from fivefold.compiler.fallback import STATS, FallbackCompiler
from fivefold.compiler.scopes import build_scopes
from fivefold.compiler.unit import CO_FUTURE_ANNOTATIONS

__all__ = ["compile_source", "CompileError", "STATS"]

TOO_DEEP = "not compiled: nested too deeply (RecursionError)"


def future_flags(tree: ast.Module) -> int:
    """Code flags from `from __future__ import ...` at the top of the module."""
    flags = 0
    for i, st in enumerate(tree.body):
        if i == 0 and isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant) \
                and isinstance(st.value.value, str):
            continue
        if isinstance(st, ast.ImportFrom) and st.module == "__future__":
            for alias in st.names:
                if alias.name == "annotations":
                    flags |= CO_FUTURE_ANNOTATIONS
            continue
        break
    return flags


def check_syntax(source: str | bytes, filename: str, *, as_main: bool = False) -> None:
    """Raise CPython's own SyntaxError (and emit its SyntaxWarnings) for the source.

    CPython's compiler allows nesting up to three times the recursion limit left
    at the call, so fivefold's own frames would make it refuse long flat code a
    plain `python prog.py` accepts: `as_main` (the program itself, which CPython
    compiles at the bottom of the stack) gives those frames back."""
    if not as_main:
        compile(source, filename, "exec", dont_inherit=True)
        return
    if isinstance(source, bytes):
        _check_as_file(source, filename)
    with depth.limit_raised_by(depth.stack_depth()):
        compile(source, filename, "exec", dont_inherit=True)


def _check_as_file(source: bytes, filename: str) -> None:
    """What `python FILE` says, and compile() of the same bytes does not: CPython
    reads a main program with its file tokenizer, which refuses a NUL byte as
    "source code cannot contain null bytes" (the line up to it, no caret) and
    undecodable bytes in a file with no coding cookie and no BOM as "Non-UTF-8 code
    starting with ..." (no location), whichever line comes first. `source` is
    what runtime.program_cache.read_as_file gave."""
    nul = source.find(b"\0")
    bad = None
    if not source.startswith(b"\xef\xbb\xbf"):
        import re

        # A coding cookie (PEP 263) on one of the first two lines: tokenize's
        # detect_encoding would refuse the undecodable line it is looking at.
        cookie = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+", re.M)
        if not any(cookie.match(line) for line in source.split(b"\n", 2)[:2]):
            try:
                source.decode("utf-8")
            except UnicodeDecodeError as e:
                bad = e.start
    nul_line = source.count(b"\n", 0, nul) + 1 if nul >= 0 else None
    bad_line = source.count(b"\n", 0, bad) + 1 if bad is not None else None
    if nul_line is not None and (bad_line is None or nul_line <= bad_line):
        start = source.rfind(b"\n", 0, nul) + 1
        text = source[start:nul].decode("utf-8", "replace")
        raise SyntaxError("source code cannot contain null bytes",
                          (filename, nul_line, None, text, None, None))
    if bad_line is not None:
        raise SyntaxError(f"Non-UTF-8 code starting with '\\x{source[bad]:02x}' in file {filename} "
                          f"on line {bad_line}, but no encoding declared; see "
                          f"https://peps.python.org/pep-0263/ for details")


def compile_source(source: str | bytes, filename: str, *, target: str = "fivefold",
                   checked: bool = False, optimize: int = -1) -> types.CodeType:
    """Compile a module. `checked=True` when CPython's compile() already accepted it.
    `optimize` is compile()'s: -1 is the interpreter's -O level (sys.flags.optimize);
    1 compiles out asserts and makes __debug__ False, 2 also drops docstrings."""
    if optimize < 0:
        optimize = sys.flags.optimize
    if not checked:
        check_syntax(source, filename)
    # CPython accepted the source where it was called: fivefold's own frames on
    # the stack (ast.parse's conversion, the fallback compile()) must not make
    # the nesting it allows smaller than that.
    with depth.limit_raised_by(depth.stack_depth()):
        return _compile_checked(source, filename, target, optimize)


def _compile_checked(source: str | bytes, filename: str, target: str,
                     optimize: int) -> types.CodeType:
    # Bytes are given to ast.parse and symtable as they are: CPython's tokenizer decodes
    # them (BOM, coding cookie) as compile() did, without importing tokenize.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(source, filename)
    flags = future_flags(tree)
    fallback = FallbackCompiler(filename, flags, optimize)
    reason = fallback.module_reason(tree)
    if reason is not None:
        return fallback.compile_module(tree, reason)
    tree, tree_depth = folding.fold_measured(tree, optimize)
    scopes = build_scopes(source, filename)
    if target == "cpython":
        the_isa = isa_mod.cpython_isa()
        assemble_unit = assembler.assemble_cpython
    else:
        the_isa = isa_mod.fivefold_isa()
        assemble_unit = assembler.assemble_fivefold

    def assemble(unit, compiler):
        STATS.units_compiled += 1
        return assemble_unit(unit, the_isa, filename)

    mark = fallback.stats_mark()
    with depth.room_for(tree, tree_depth):
        try:
            return Compiler(tree, scopes, filename, assemble, flags, fallback,
                            optimize).compile_module()
        except CompileError as exc:
            # The compiler gave up on the module's own code: it runs on CPython.
            reason = f"not compiled: {exc}"
        except RecursionError:
            # Nested deeper than the C stack allows fivefold's recursive code
            # generator (CPython's C compiler accepted it): CPython runs it.
            reason = TOO_DEEP
        fallback.forget_since(mark)
        return fallback.compile_module(tree, reason)
