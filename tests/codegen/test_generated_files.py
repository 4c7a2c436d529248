"""The generated files match shared/vm/instructions.def, and the opcode table
agrees with CPython 3.11 wherever fivefold keeps CPython's instruction."""

import dis
import opcode as cpython
from pathlib import Path

import pytest

from cases_generator import generate
from fivefold.generated import opcodes


# The source tree, also when fivefold is installed from a wheel (nox sessions):
# the definitions files are not part of the installed package.
ROOT = Path(__file__).resolve().parents[2]


def test_generated_files_are_not_stale():
    # Regenerating gives byte-identical files: run `python3 tools/cases_generator` if this fails.
    assert generate.stale(ROOT) == []


def test_numbering_is_dense_and_cache_is_zero():
    assert opcodes.opmap["CACHE"] == 0
    assert sorted(opcodes.opmap.values()) == list(range(len(opcodes.opmap)))
    for name, number in opcodes.opmap.items():
        assert opcodes.opname[number] == name
        assert (number >= opcodes.HAVE_ARGUMENT) == (number in opcodes.HAS_ARG)
    # Inline caches only where stage 1 specializes: a family's members have the
    # caches of their generic instruction, whose first unit is the counter.
    families = set(opcodes.FAMILIES)
    for name, number in opcodes.opmap.items():
        base = opcodes.DEOPT.get(number, number)
        if base in families:
            assert opcodes.CACHE_SIZE[number] == opcodes.CACHE_SIZE[base] >= 1, name
        else:
            assert opcodes.CACHE_SIZE[number] == 0, name


GENERIC = sorted(name for name, number in opcodes.opmap.items()
                 if number not in opcodes.DEOPT and number not in opcodes.INTERNAL)


def test_instruction_set_is_cpython_311_generic_minus_precall():
    # Every generic instruction of 3.11 but PRECALL (CALL does its work, as in 3.12).
    assert set(GENERIC) == set(cpython.opmap) - {"PRECALL"}


@pytest.mark.parametrize("name", sorted(set(GENERIC) - {"CALL", "CACHE"}))
def test_stack_effect_matches_cpython(name):
    ours, theirs = opcodes.opmap[name], cpython.opmap[name]
    for oparg in range(0, 40):
        for jump in (True, False, None):
            arg = oparg if theirs >= cpython.HAVE_ARGUMENT else None
            try:
                expected = dis.stack_effect(theirs, arg, jump=jump)
            except ValueError:
                continue   # CPython rejects this oparg (e.g. BUILD_SLICE 5)
            got = opcodes.stack_effect(ours, oparg if ours >= opcodes.HAVE_ARGUMENT else None, jump=jump)
            assert got == expected, (name, oparg, jump)


def test_call_includes_precall():
    # 3.11's PRECALL (-oparg) and CALL (-1) are one CALL here.
    for oparg in range(5):
        assert opcodes.stack_effect(opcodes.CALL, oparg) == -oparg - 1


def test_stack_effect_argument_errors():
    with pytest.raises(ValueError, match="requires oparg"):
        opcodes.stack_effect(opcodes.LOAD_FAST)
    with pytest.raises(ValueError, match="does not permit oparg"):
        opcodes.stack_effect(opcodes.POP_TOP, 1)
    with pytest.raises(ValueError, match="invalid opcode"):
        opcodes.stack_effect(250, 0)


def test_jumps_and_shadow_opcodes():
    names = lambda numbers: {opcodes.opname[n] for n in numbers if n not in opcodes.DEOPT}
    assert names(opcodes.HASJREL_FORWARD) == {
        "FOR_ITER", "SEND", "JUMP_FORWARD", "JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP",
        "POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_FORWARD_IF_TRUE", "POP_JUMP_FORWARD_IF_NONE",
        "POP_JUMP_FORWARD_IF_NOT_NONE"}
    assert names(opcodes.HASJREL_BACKWARD) == {
        "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "POP_JUMP_BACKWARD_IF_FALSE",
        "POP_JUMP_BACKWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_NONE", "POP_JUMP_BACKWARD_IF_NOT_NONE"}
    assert {opcodes.opname[k]: v for k, v in opcodes.SHADOW_OPCODES.items()} == {
        name: cpython.opmap[name]
        for name in ("RESUME", "SEND", "YIELD_VALUE", "MAKE_CELL", "COPY_FREE_VARS", "RETURN_GENERATOR")}
    # The compiler writes shadow code with these numbers instead of importing opcode.
    assert opcodes.CPYTHON_OPCODES == {name: cpython.opmap[name] for name in opcodes.CPYTHON_OPCODES}
