"""make_code checks what it is given: bad bytecode is a clear error, never a crash."""

import opcode as cpython

import pytest
from ff_translate import CO_FIVEFOLD, translate

from fivefold import _fivefold
from fivefold.generated import opcodes as op


def template(stacksize=2, nlocals=0, flags=0, units=8):
    def f():
        pass
    co = f.__code__
    return co.replace(co_flags=co.co_flags | CO_FIVEFOLD | flags, co_consts=(None,), co_stacksize=stacksize,
                      co_code=bytes([cpython.opmap["NOP"], 0]) * units)


def asm(*units):
    return bytes(b for unit in units for b in unit)


RETURN_NONE = [(op.RESUME, 0), (op.LOAD_CONST, 0), (op.RETURN_VALUE, 0)]


def test_a_valid_function_runs_and_code_of_works():
    import types
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    assert shadow.co_flags & CO_FIVEFOLD
    code = _fivefold.code_of(shadow)
    assert isinstance(code, _fivefold.Code)
    assert code.co_code == asm(*RETURN_NONE)
    assert code.co_consts == (None,) and code.co_names == () and code.co_exceptiontable == ()
    assert code.shadow is shadow
    # The shadow's co_consts are the constants (CPython's, docs/engine.md section 1);
    # the Code lives in its co_extra.
    # The very tuples: the loop reads a frame's constants and names from its
    # shadow (FF_LOAD_FRAME_STATE), not through the Code.
    assert shadow.co_consts is code.co_consts
    shadow = _fivefold.make_code(template(units=16), asm((op.RESUME, 0), (op.LOAD_GLOBAL, 0),
                                                         *[(op.CACHE, 0)] * op.CACHE_SIZE[op.LOAD_GLOBAL],
                                                         (op.RETURN_VALUE, 0)),
                                 (None,), ("answer",), ())
    code = _fivefold.code_of(shadow)
    assert shadow.co_names is code.co_names and shadow.co_names == ("answer",)
    assert types.FunctionType(shadow, {"answer": 42})() == 42
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    code = _fivefold.code_of(shadow)
    assert types.FunctionType(shadow, {})() is None
    assert "units" in repr(code)


@pytest.mark.parametrize("units, consts, names, table, message", [
    ([(250, 0)], (None,), (), (), "unknown opcode"),
    ([(op.LOAD_CONST, 3), (op.RETURN_VALUE, 0)], (None,), (), (), "constant index out of range"),
    ([(op.LOAD_GLOBAL, 2), *[(0, 0)] * op.CACHE_SIZE[op.LOAD_GLOBAL], (op.RETURN_VALUE, 0)], (None,), ("x",), (),
     "name index out of range"),
    ([(op.LOAD_GLOBAL, 0)], (None,), ("x",), (), "inline caches run past the end"),
    ([(op.LOAD_CONST, 0), (op.LOAD_CONST, 0), (op.BINARY_OP_ADD_INT, 0), (0, 0), (op.RETURN_VALUE, 0)],
     (None,), (), (), "specialized instruction"),
    # Written only by the interpreter (stage 2's EXIT_INIT_CHECK), never by the compiler.
    *[([(op.LOAD_CONST, 0), (op.LOAD_CONST, 0), (number, 0), (op.RETURN_VALUE, 0)],
       (None,), (), (), "specialized instruction") for number in sorted(op.INTERNAL)],
    ([(op.LOAD_FAST, 0), (op.RETURN_VALUE, 0)], (None,), (), (), "local variable index out of range"),
    ([(op.JUMP_FORWARD, 9)], (None,), (), (), "jump target outside the code"),
    ([(op.LOAD_CONST, 0)], (None,), (), (), "run off the end"),
    ([(op.POP_TOP, 0)], (None,), (), (), "stack underflow"),
    ([(op.LOAD_CONST, 0)] * 3 + [(op.RETURN_VALUE, 0)], (None,), (), (), "co_stacksize is 2"),
    ([(op.BINARY_OP, 40), (0, 0)], (None,), (), (), "argument out of range"),
    ([(op.LOAD_CONST, 0), (op.GET_AWAITABLE, 3), (op.RETURN_VALUE, 0)], (None,), (), (),
     "argument out of range"),
    ([(op.EXTENDED_ARG, 1)], (None,), (), (), "EXTENDED_ARG without an instruction"),
    ([(op.KW_NAMES, 0), (op.RETURN_VALUE, 0)], (("a",),), (), (), "KW_NAMES is not followed by a CALL"),
])
def test_bad_bytecode_is_a_system_error(units, consts, names, table, message):
    with pytest.raises(SystemError, match=message):
        _fivefold.make_code(template(), asm(*units), consts, names, table)


@pytest.mark.parametrize("args, exc, message", [
    ((None, b"\x00\x00", (), (), ()), TypeError, "template must be a code object"),
    (("tmpl", b"", (), (), ()), ValueError, "non-empty bytes of even length"),
    (("tmpl", b"\x01", (), (), ()), ValueError, "non-empty bytes of even length"),
    (("tmpl", asm(*RETURN_NONE), [None], (), ()), TypeError, "must be tuples"),
    (("tmpl", asm(*RETURN_NONE), (None,), (1,), ()), TypeError, "names must be strings"),
    (("tmpl", asm(*RETURN_NONE), (None,), (), ((0, 1, 2),)), TypeError, "exception table entry 0"),
    (("tmpl", asm(*RETURN_NONE), (None,), (), ((0, 5, 0, 0, 0),)), ValueError, "out of range"),
    (("tmpl", asm(*RETURN_NONE) * 4, (None,), (), ()), ValueError, "fewer than the bytecode"),
])
def test_bad_arguments_are_clear_errors(args, exc, message):
    args = tuple(template() if a == "tmpl" else a for a in args)
    with pytest.raises(exc, match=message):
        _fivefold.make_code(*args)


def test_template_must_be_marked_and_of_one_kind():
    def f():
        pass
    with pytest.raises(ValueError, match="lack CO_FIVEFOLD"):
        _fivefold.make_code(f.__code__, asm(*RETURN_NONE), (None,), (), ())
    # A coroutine (0x80) or an async generator (0x200) is fine; two kinds at once,
    # or CO_ITERABLE_COROUTINE (0x100, only ever set later by @types.coroutine), is not.
    for flags in (0x20 | 0x80, 0x80 | 0x200, 0x20 | 0x200, 0x100):
        with pytest.raises(ValueError, match="at most one of CO_GENERATOR"):
            _fivefold.make_code(template(flags=flags), asm(*RETURN_NONE), (None,), (), ())
    generator_body = asm((op.RETURN_GENERATOR, 0), (op.POP_TOP, 0), *RETURN_NONE)
    for flags in (0x80, 0x200):
        assert _fivefold.make_code(template(flags=flags), generator_body, (None,), (), ())
    with pytest.raises(TypeError, match="takes 5 arguments"):
        _fivefold.make_code()
    with pytest.raises(ValueError, match="not fivefold shadow code"):
        _fivefold.code_of(f.__code__)


def test_shadow_mirrors_and_owns_the_code():
    import gc
    import weakref

    def gen():
        yield 1
    shadow = translate(gen.__code__)
    code = _fivefold.code_of(shadow)
    mirrored = {op.SHADOW_OPCODES[o] for o in op.SHADOW_OPCODES}
    for i in range(0, len(code.co_code), 2):
        ours, theirs = code.co_code[i], shadow.co_code[i]
        if ours in op.SHADOW_OPCODES:
            assert theirs == op.SHADOW_OPCODES[ours]
        else:
            assert theirs == cpython.opmap["NOP"] and theirs not in mirrored
    ref = weakref.ref(code)
    del code, shadow
    gc.collect()
    assert ref() is None


def test_the_docstring_must_be_the_first_constant():
    # CPython reads a function's __doc__ from co_consts[0].
    doc_template = template().replace(co_consts=("doc",))
    with pytest.raises(ValueError, match="docstring is not consts"):
        _fivefold.make_code(doc_template, asm(*RETURN_NONE), (None,), (), ())
    with pytest.raises(ValueError, match="docstring is not consts"):
        _fivefold.make_code(doc_template, asm(*RETURN_NONE), (), (), ())
    import types
    shadow = _fivefold.make_code(doc_template, asm(*RETURN_NONE), ("doc", None), (), ())
    assert types.FunctionType(shadow, {}).__doc__ == "doc"


def test_the_shadow_owns_its_code_and_not_the_reverse():
    import gc
    import types
    import weakref
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    code = weakref.ref(_fivefold.code_of(shadow))
    gc.collect()
    assert code() is not None and code().shadow is shadow
    copy = shadow.replace(co_name="copy")   # a Code of its own (code.replace, code.c)
    copy_code = weakref.ref(_fivefold.code_of(copy))
    assert copy_code() is not code() and copy_code().shadow is copy
    assert copy_code().co_code_adaptive == code().co_code_adaptive
    del shadow
    gc.collect()
    assert code() is None
    assert types.FunctionType(copy, {})() is None
    del copy
    gc.collect()
    assert copy_code() is None


def test_a_code_outliving_its_shadow_keeps_its_bytecode():
    import gc
    # The bytecode runs in the shadow's own code array; a Code held past its
    # shadow's end keeps a copy of its own (code_extra_free, code.c).
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    code = _fivefold.code_of(shadow)
    before = code.co_code_adaptive
    del shadow
    gc.collect()
    assert code.shadow is None and code.co_code_adaptive == before
    assert code.co_code == before[:len(code.co_code)]


def test_copies_without_the_code_raise_instead_of_running_placeholders():
    import marshal
    import types
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    for copy in (marshal.loads(marshal.dumps(shadow)), shadow.replace(co_stacksize=5),
                 shadow.replace(co_consts=(None, 1))):
        with pytest.raises(ValueError, match="not fivefold shadow code"):
            _fivefold.code_of(copy)
        with pytest.raises(SystemError, match="without its fivefold code"):
            types.FunctionType(copy, {})()


def test_replace_keeps_the_code_when_the_copy_runs_the_same_code():
    import types
    shadow = _fivefold.make_code(template(), asm(*RETURN_NONE), (None,), (), ())
    code = _fivefold.code_of(shadow)
    for copy in (shadow.replace(co_name="g", co_qualname="g", co_firstlineno=7),
                 shadow.replace(co_flags=shadow.co_flags | 0x100)):   # @types.coroutine's
        # a Code of its own, running the same bytecode in the copy's code array
        copied = _fivefold.code_of(copy)
        assert copied is not code and copied.shadow is copy
        assert (copied.co_code, copied.co_consts, copied.co_names) == (code.co_code, code.co_consts, code.co_names)
        assert copy.co_code == shadow.co_code   # the placeholder CPython reads
        assert copy.co_consts is copied.co_consts and copy.co_names is copied.co_names
        assert types.FunctionType(copy, {})() is None
    # Equal constants in another tuple (1 == True): the copy runs what it shows,
    # as CPython would run the copy.
    RETURN_ONE = [(op.RESUME, 0), (op.LOAD_CONST, 1), (op.RETURN_VALUE, 0)]
    shadow = _fivefold.make_code(template(), asm(*RETURN_ONE), (None, 1), (), ())
    copy = shadow.replace(co_consts=(None, True))
    assert _fivefold.code_of(copy).co_consts is copy.co_consts
    assert types.FunctionType(shadow, {})() is 1 and types.FunctionType(copy, {})() is True
    # CPython's code objects are untouched by the wrapper.
    def plain():
        return 1
    assert types.FunctionType(plain.__code__.replace(co_name="p"), {})() == 1
    import inspect
    import subprocess
    import sys
    assert types.CodeType.replace.__doc__.startswith("Return a copy of the code object")
    # The wrapper shows CPython's own signature, which differs between 3.11 releases
    # (3.11.2 lists every co_* keyword, 3.11.7 says **changes): ask an interpreter that
    # never imported fivefold (-S: no site, so no .pth file).
    plain = subprocess.run([sys.executable, "-S", "-c", "import types, inspect; "
                            "print(inspect.signature(types.CodeType.replace))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert "changes" in plain or "co_name" in plain
    assert str(inspect.signature(types.CodeType.replace)) == plain
