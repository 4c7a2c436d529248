"""`fivefold dis FILE`: fivefold bytecode of every code unit, readable like `python -m dis`.

Each line: source line (when it changes), offset in bytes, opcode name, oparg and
what the oparg means (constant, name, local, jump target, operator); then the
exception table. Code units that fell back to CPython are shown with CPython's
own `dis`.
"""

from __future__ import annotations

import dis as cpython_dis
import sys
import types

from fivefold.generated import opcodes

_NAME_OPS = {"LOAD_NAME", "STORE_NAME", "DELETE_NAME", "LOAD_ATTR", "STORE_ATTR",
             "DELETE_ATTR", "LOAD_METHOD", "IMPORT_NAME", "IMPORT_FROM", "STORE_GLOBAL",
             "DELETE_GLOBAL"}
_LOCAL_OPS = {"LOAD_FAST", "STORE_FAST", "DELETE_FAST"}
_DEREF_OPS = {"LOAD_DEREF", "STORE_DEREF", "DELETE_DEREF", "LOAD_CLOSURE", "LOAD_CLASSDEREF",
              "MAKE_CELL"}
_COMPARE = ("<", "<=", "==", "!=", ">", ">=")
_BINARY = ["+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^"]
_BINARY += [op + "=" for op in _BINARY]
_FORMAT = {0: "", 1: "str", 2: "repr", 3: "ascii"}


def is_fivefold(code: types.CodeType) -> bool:
    return bool(code.co_flags & opcodes_flag())


def opcodes_flag() -> int:
    from fivefold.compiler.unit import CO_FIVEFOLD

    return CO_FIVEFOLD


def _localsplus(shadow: types.CodeType) -> list[str]:
    cells = [c for c in shadow.co_cellvars if c not in shadow.co_varnames]
    return list(shadow.co_varnames) + cells + list(shadow.co_freevars)


def decode(raw: bytes):
    """(offset, opname, oparg, size_in_units) for each instruction, EXTENDED_ARG folded;
    size counts the EXTENDED_ARGs, the instruction and its inline cache units, which
    are skipped (on quickened code they hold counters and cached versions)."""
    ext = 0
    start = None
    i = 0
    while i < len(raw):
        op, arg = raw[i], raw[i + 1]
        name = opcodes.opname[op]
        if start is None:
            start = i
        if name == "EXTENDED_ARG":
            ext = (ext | arg) << 8
            i += 2
            continue
        full = ext | arg
        caches = opcodes.CACHE_SIZE.get(op, 0)
        # A specialized instruction keeps its generic one's argument, used or not.
        has_arg = opcodes.DEOPT.get(op, op) >= opcodes.HAVE_ARGUMENT
        yield start, name, (full if has_arg else None), (i - start) // 2 + 1 + caches
        i += 2 * (1 + caches)
        ext = 0
        start = None


def instructions(code_or_function, adaptive: bool = True) -> list[tuple[int, str, int | None]]:
    """(offset, opname, oparg) of a fivefold function's (or shadow code's) instructions;
    adaptive: as they run now (specialized names), else as compiled. For tests in the
    style of CPython's test_opcache."""
    from fivefold import _fivefold

    shadow = getattr(code_or_function, "__code__", code_or_function)
    code = _fivefold.code_of(shadow)
    raw = code.co_code_adaptive if adaptive else code.co_code
    return [(offset, name, arg) for offset, name, arg, _ in decode(raw)]


def opnames(code_or_function, adaptive: bool = True) -> list[str]:
    """The instruction names of a fivefold function, quickened (adaptive) or as compiled."""
    return [name for _, name, _ in instructions(code_or_function, adaptive)]


def argrepr(name: str, arg: int | None, offset: int, size: int, code, shadow) -> str:
    if arg is None:
        return ""
    if name in ("LOAD_CONST", "KW_NAMES"):
        return repr(code.co_consts[arg])
    if name in _NAME_OPS:
        return code.co_names[arg]
    if name == "LOAD_GLOBAL":
        return ("NULL + " if arg & 1 else "") + code.co_names[arg >> 1]
    if name in _LOCAL_OPS:
        return shadow.co_varnames[arg]
    if name in _DEREF_OPS:
        return _localsplus(shadow)[arg]
    number = opcodes.opmap[name]
    generic = opcodes.opname[opcodes.DEOPT.get(number, number)]
    if generic != name:
        return argrepr(generic, arg, offset, size, code, shadow)
    if number in opcodes.HASJREL:
        end = offset + 2 * size
        target = end - 2 * arg if number in opcodes.HASJREL_BACKWARD else end + 2 * arg
        return f"to {target}"
    if name == "COMPARE_OP":
        return _COMPARE[arg]
    if name == "BINARY_OP":
        return _BINARY[arg]
    if name in ("IS_OP", "CONTAINS_OP"):
        return "not" if arg else ""
    if name == "FORMAT_VALUE":
        text = _FORMAT[arg & 3]
        return text + (", with format" if arg & 4 else "")
    return ""


def disassemble(shadow: types.CodeType, out, adaptive: bool = False) -> None:
    from fivefold import _fivefold

    code = _fivefold.code_of(shadow)
    positions = list(shadow.co_positions())
    kind = "fivefold, quickened" if adaptive else "fivefold"
    print(f"Disassembly of {shadow!r} ({kind}):", file=out)
    last_line = None
    raw = code.co_code_adaptive if adaptive else code.co_code
    for offset, name, arg, size in decode(raw):
        unit = offset // 2
        caches = opcodes.CACHE_SIZE.get(opcodes.opmap[name], 0)
        last = unit + size - 1 - caches   # the instruction's own unit (after EXTENDED_ARGs)
        line = positions[last][0] if last < len(positions) else None
        shown = f"{line:>4}" if line is not None and line != last_line else "    "
        if line is not None:
            last_line = line
        arg_text = "" if arg is None else f"{arg:<6}"
        rep = argrepr(name, arg, offset, size, code, shadow)
        rep = f"({rep})" if rep else ""
        print(f"{shown} {offset:>6} {name:<34} {arg_text} {rep}".rstrip(), file=out)
    if code.co_exceptiontable:
        print("ExceptionTable:", file=out)
        for start, end, target, depth, lasti in code.co_exceptiontable:
            print(f"  {2 * start} to {2 * end} -> {2 * target} [{depth}]"
                  + (" lasti" if lasti else ""), file=out)
    print(file=out)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            disassemble_any(const, out, adaptive)


def disassemble_any(code: types.CodeType, out, adaptive: bool = False) -> None:
    if is_fivefold(code):
        disassemble(code, out, adaptive)
    else:
        print(f"Disassembly of {code!r} (CPython fallback):", file=out)
        cpython_dis.dis(code, file=out, depth=0)
        print(file=out)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                disassemble_any(const, out, adaptive)


def dis_file(path: str, out, adaptive: bool = False, args: list[str] = ()) -> int:
    """Print the bytecode of a file. adaptive: first run it as the program (with
    `args`), then print its code units as they were quickened by that run."""
    from fivefold import compiler

    with open(path, "rb") as f:
        source = f.read()
    code = compiler.compile_source(source, path)
    status = 0
    if adaptive:
        status = run_as_program(code, path, list(args))
        sys.stdout.flush()
    disassemble_any(code, out, adaptive)
    return status


def run_as_program(code: types.CodeType, path: str, args: list[str]) -> int:
    import os

    from fivefold.runtime import program

    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    saved = sys.modules.get("__main__"), sys.argv[:], sys.path[0]
    sys.modules["__main__"], sys.argv[:] = main, [path, *args]
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    try:
        return program.execute(code, main, False)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.modules["__main__"], sys.argv[:], sys.path[0] = saved[0], saved[1], saved[2]
