"""Hand-assembly for VM tests: turn a function compiled by CPython 3.11 into
fivefold code, instruction for instruction, without fivefold's compiler.

CPython's inline CACHE units and PRECALL become NOPs, so every jump offset,
the exception table and the position table stay valid unit for unit; the
shadow mirrors RESUME/SEND/YIELD_VALUE/... and is NOP elsewhere."""

import dis
import opcode as cpython
import types

from fivefold import _fivefold, opcodes

CO_FIVEFOLD = _fivefold.CO_FIVEFOLD


def translate(co: types.CodeType) -> types.CodeType:
    raw = co.co_code
    code = bytearray()
    shadow = bytearray()
    for i in range(0, len(raw), 2):
        op, arg = raw[i], raw[i + 1]
        name = cpython.opname[op]
        if name in ("CACHE", "PRECALL"):
            ours, arg = opcodes.NOP, 0
        else:
            ours = opcodes.opmap[name]   # KeyError: not supported at tier 0
        code += bytes([ours, arg])
        if ours in opcodes.SHADOW_OPCODES:
            shadow += bytes([opcodes.SHADOW_OPCODES[ours], arg])
        else:
            shadow += bytes([cpython.opmap["NOP"], 0])
    shadow += bytes([cpython.opmap["LOAD_ASSERTION_ERROR"], 0, cpython.opmap["RAISE_VARARGS"], 1])
    consts = tuple(translate(c) if isinstance(c, types.CodeType) else c for c in co.co_consts)
    table = tuple((e.start // 2, e.end // 2, e.target // 2, e.depth, int(e.lasti))
                  for e in dis._parse_exception_table(co))
    doc = co.co_consts[0] if co.co_consts and isinstance(co.co_consts[0], str) else None
    template = co.replace(co_flags=co.co_flags | CO_FIVEFOLD, co_consts=(doc,), co_code=bytes(shadow))
    return _fivefold.make_code(template, bytes(code), consts, co.co_names, table)


def on_fivefold(func):
    """The same function, its code (and nested code) run by fivefold."""
    new = types.FunctionType(translate(func.__code__), func.__globals__, func.__name__,
                             func.__defaults__, func.__closure__)
    new.__kwdefaults__ = func.__kwdefaults__
    new.__qualname__ = func.__qualname__
    return new


def run_source(source: str, filename: str = "<fivefold-test>") -> dict:
    """Execute module source on fivefold; return its namespace."""
    namespace = {"__name__": "__ff_test__"}
    exec(translate(compile(source, filename, "exec")), namespace)
    return namespace
