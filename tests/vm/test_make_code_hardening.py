"""make_code refuses what could crash the VM even though every argument is in
range (issue 16): instructions that take a cell for a value or a value for a cell,
cells and free variables not set up at the start, generator instructions outside
generators, jumps into the middle of an instruction, inline caches that are
not zero, paths that disagree on the stack depth, and a NULL (PUSH_NULL, for
CALL) used as a value. What only running can tell (the type of a stack value)
is checked by the few instructions that trust it: a SystemError, not a crash."""

import types

import pytest

from fivefold import _fivefold
from fivefold.generated import opcodes as op

CO_FIVEFOLD = _fivefold.CO_FIVEFOLD


def outer(a):
    b = 2

    def inner():
        return a + b
    return inner


# outer's slots: 0 a (argument and cell), 1 inner (local), 2 b (cell).
# inner's slots: 0 a, 1 b (free).
OUTER, INNER = outer.__code__, outer(1).__code__


def template(co=None, flags=0, stacksize=4, units=32):
    if co is None:
        def f():
            pass
        co = f.__code__
    return co.replace(co_flags=co.co_flags | CO_FIVEFOLD | flags, co_consts=(None,),
                      co_stacksize=stacksize, co_code=bytes([0x09, 0]) * units)


def asm(*units):
    out = []
    for unit in units:
        out.append(unit)
        if unit[0] != "raw":
            out.extend([(op.CACHE, 0)] * op.CACHE_SIZE.get(unit[0], 0))
    return bytes(b for o, a in out for b in ((0 if o == "raw" else o), a))


def make(co, units, consts=(None,), names=(), table=(), flags=0):
    return _fivefold.make_code(template(co, flags), asm(*units), consts, names, table)


PROLOGUE = [(op.MAKE_CELL, 0), (op.MAKE_CELL, 2), (op.RESUME, 0)]


def test_cells_made_at_the_start_run():
    shadow = make(OUTER, PROLOGUE + [(op.LOAD_DEREF, 0), (op.RETURN_VALUE, 0)])
    assert types.FunctionType(shadow, {})(5) == 5


@pytest.mark.parametrize("units, message", [
    (PROLOGUE + [(op.LOAD_DEREF, 1), (op.RETURN_VALUE, 0)], "not a cell or free variable"),
    (PROLOGUE + [(op.LOAD_CONST, 0), (op.STORE_DEREF, 1), (op.LOAD_CONST, 0), (op.RETURN_VALUE, 0)],
     "not a cell or free variable"),
    (PROLOGUE + [(op.LOAD_CLOSURE, 1), (op.RETURN_VALUE, 0)], "not a cell or free variable"),
    (PROLOGUE + [(op.LOAD_FAST, 2), (op.RETURN_VALUE, 0)], "names a cell or free variable"),
    (PROLOGUE + [(op.LOAD_CONST, 0), (op.STORE_FAST, 0), (op.LOAD_CONST, 0), (op.RETURN_VALUE, 0)],
     "names a cell or free variable"),
    ([(op.MAKE_CELL, 0), (op.MAKE_CELL, 1), (op.MAKE_CELL, 2), (op.RESUME, 0), (op.LOAD_CONST, 0),
      (op.RETURN_VALUE, 0)], "not a cell variable"),
    ([(op.MAKE_CELL, 0), (op.RESUME, 0), (op.LOAD_DEREF, 2), (op.RETURN_VALUE, 0)],
     "not made a cell exactly once"),
    ([(op.MAKE_CELL, 0), (op.MAKE_CELL, 2), (op.MAKE_CELL, 2), (op.RESUME, 0), (op.LOAD_CONST, 0),
      (op.RETURN_VALUE, 0)], "not made a cell exactly once"),
    (PROLOGUE + [(op.MAKE_CELL, 0), (op.LOAD_CONST, 0), (op.RETURN_VALUE, 0)], "after the start"),
    (PROLOGUE + [(op.JUMP_BACKWARD, 4)], "jump into the prologue"),
])
def test_cells_and_values_are_not_confused(units, message):
    with pytest.raises(SystemError, match=message):
        make(OUTER, units)


def test_free_variables_must_be_copied_first():
    good = [(op.COPY_FREE_VARS, 2), (op.RESUME, 0), (op.LOAD_DEREF, 1), (op.RETURN_VALUE, 0)]
    shadow = make(INNER, good)
    assert types.FunctionType(shadow, {}, closure=outer(1).__closure__)() == 2
    with pytest.raises(SystemError, match="free variables not copied"):
        make(INNER, good[1:])
    with pytest.raises(SystemError, match="free variables not copied"):
        make(INNER, good[:1] + good)


GEN_START = [(op.RETURN_GENERATOR, 0), (op.POP_TOP, 0), (op.RESUME, 0)]
RETURN_NONE = [(op.LOAD_CONST, 0), (op.RETURN_VALUE, 0)]


@pytest.mark.parametrize("flags, units, message", [
    (0x20, [(op.RESUME, 0), *RETURN_NONE], "does not start with RETURN_GENERATOR"),
    (0, GEN_START + RETURN_NONE, "RETURN_GENERATOR not at the start"),
    (0x20, GEN_START + [(op.RETURN_GENERATOR, 0), *RETURN_NONE], "RETURN_GENERATOR not at the start"),
    (0, [(op.RESUME, 0), (op.LOAD_CONST, 0), (op.YIELD_VALUE, 0), (op.RESUME, 1), (op.RETURN_VALUE, 0)],
     "YIELD_VALUE outside a generator"),
    (0x20, GEN_START + [(op.JUMP_BACKWARD, 4)], "jump into the prologue"),
])
def test_generator_instructions_only_in_generators(flags, units, message):
    with pytest.raises(SystemError, match=message):
        make(None, units, flags=flags)


LOAD_GLOBAL_UNITS = 1 + op.CACHE_SIZE[op.LOAD_GLOBAL]


@pytest.mark.parametrize("units, names, table, message", [
    ([(op.RESUME, 0), (op.JUMP_FORWARD, 2), (op.LOAD_GLOBAL, 0), *RETURN_NONE], ("x",), (),
     "middle of an instruction"),
    ([(op.RESUME, 0), (op.LOAD_GLOBAL, 0), (op.POP_TOP, 0), *RETURN_NONE], ("x",),
     ((0, 1, 3, 0, 0),), "middle of an instruction"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 0), (op.JUMP_BACKWARD, 2)], (), (),
     "stack depth differs between paths"),
    ([(op.RESUME, 0), (op.PUSH_NULL, 0), (op.POP_TOP, 0), *RETURN_NONE], (), (),
     "a NULL on the stack is used as a value"),
    ([(op.RESUME, 0), (op.LOAD_GLOBAL, 1), (op.SWAP, 2), (op.POP_TOP, 0), (op.RETURN_VALUE, 0)],
     ("x",), (), "a NULL on the stack is used as a value"),
    ([(op.RESUME, 0), (op.PUSH_NULL, 0), (op.LOAD_CONST, 0), (op.COPY, 2), (op.RETURN_VALUE, 0)], (),
     (), "a NULL on the stack is used as a value"),
    ([(op.NOP, 0), *RETURN_NONE, (op.POP_TOP, 0), *RETURN_NONE], (), ((0, 1, 3, 1, 0),),
     "exception handler deeper than the stack"),
])
def test_flow_analysis_refuses(units, names, table, message):
    with pytest.raises(SystemError, match=message):
        make(None, units, names=names, table=table)


def test_inline_caches_must_be_zero():
    code = bytearray(asm((op.RESUME, 0), (op.LOAD_GLOBAL, 0), (op.POP_TOP, 0), *RETURN_NONE))
    code[2 * LOAD_GLOBAL_UNITS + 1] = 1   # the LOAD_GLOBAL's last cache entry
    with pytest.raises(SystemError, match="inline cache not zero"):
        _fivefold.make_code(template(), bytes(code), (None,), ("x",), ())


def test_a_null_consumed_by_call_is_fine():
    shadow = make(None, [(op.RESUME, 0), (op.PUSH_NULL, 0), (op.LOAD_GLOBAL, 0), (op.CALL, 0),
                         (op.RETURN_VALUE, 0)], names=("f",))
    assert types.FunctionType(shadow, {"f": lambda: 7})() == 7


def call(units, consts):
    shadow = make(None, units, consts=consts)
    return types.FunctionType(shadow, {})()


def test_for_iter_over_a_non_iterator_is_a_system_error():
    units = [(op.RESUME, 0), (op.LOAD_CONST, 1), (op.FOR_ITER, 2), (op.POP_TOP, 0),
             (op.JUMP_BACKWARD, 4), *RETURN_NONE]
    assert 1 + op.CACHE_SIZE[op.FOR_ITER] == 2   # the jump offsets above count on it
    with pytest.raises(SystemError, match="FOR_ITER over a int, not an iterator"):
        call(units, (None, 5))
    assert call(units, (None, iter([1, 2]))) is None


@pytest.mark.parametrize("units, message", [
    ([(op.RESUME, 0), (op.LOAD_CONST, 1), (op.LOAD_CONST, 2), (op.LIST_EXTEND, 1), (op.RETURN_VALUE, 0)],
     "LIST_EXTEND into something that is not a list"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 1), (op.RERAISE, 0)], "RERAISE of something that is not an exception"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 1), (op.POP_EXCEPT, 0), *RETURN_NONE],
     "POP_EXCEPT restores something that is not an exception"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 1), (op.PUSH_EXC_INFO, 0), (op.POP_TOP, 0), (op.RETURN_VALUE, 0)],
     "PUSH_EXC_INFO of something that is not an exception"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 2), (op.LOAD_CONST, 3), (op.MAKE_FUNCTION, 8), (op.RETURN_VALUE, 0)],
     "closure holds something that is not a cell"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 1), (op.LOAD_CONST, 4), (op.MAKE_FUNCTION, 1), (op.RETURN_VALUE, 0)],
     "of the wrong type"),
    ([(op.RESUME, 0), (op.LOAD_CONST, 5), (op.LOAD_CONST, 4), (op.MAKE_FUNCTION, 4), (op.RETURN_VALUE, 0)],
     "of the wrong type"),
])
def test_values_of_the_wrong_type_are_system_errors(units, message):
    plain = (lambda: None).__code__
    consts = (None, 5, (1, 2), INNER, plain, (1, 2, 3))
    with pytest.raises(SystemError, match=message):
        call(units, consts)
