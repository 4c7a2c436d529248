"""Exceptions in fivefold code: the exception table, exception state, with
blocks, and tracebacks CPython prints with the right lines and carets."""

import sys
import traceback

import pytest
from ff_translate import on_fivefold, run_source


def handlers(kind):
    log = []
    try:
        try:
            if kind == "zero":
                1 / 0
            elif kind == "key":
                {}["missing"]
            elif kind == "custom":
                raise ValueError("v") from KeyError("cause")
            log.append("no error")
        except ZeroDivisionError as e:
            log.append(("zero", str(e), sys.exc_info()[0].__name__))
        except (KeyError, IndexError) as e:
            log.append(("lookup", repr(e)))
            raise RuntimeError("wrapped")
        else:
            log.append("else")
        finally:
            log.append("finally")
    except RuntimeError as e:
        log.append(("outer", str(e), type(e.__context__).__name__))
    except ValueError as e:
        log.append(("value", type(e.__cause__).__name__, e.__suppress_context__))
    log.append(sys.exc_info())
    return log


@pytest.mark.parametrize("kind", ["zero", "key", "custom", "none"])
def test_try_except_finally_like_cpython(kind):
    assert on_fivefold(handlers)(kind) == handlers(kind)


def reraise():
    try:
        raise KeyError("first")
    except KeyError:
        try:
            raise
        except KeyError as again:
            return again.args, again.__traceback__ is not None


def return_in_finally():
    for i in range(3):
        try:
            if i == 1:
                return "returned"
        finally:
            if i == 1:
                continue
    return "loop ended"


def with_blocks():
    log = []

    class Manager:
        def __init__(self, swallow):
            self.swallow = swallow

        def __enter__(self):
            log.append("enter")
            return self

        def __exit__(self, typ, val, tb):
            log.append(("exit", typ.__name__ if typ else None, tb is not None))
            return self.swallow

    with Manager(True):
        raise KeyError("swallowed")
    try:
        with Manager(False) as m:
            log.append(type(m).__name__)
            raise IndexError("escapes")
    except IndexError:
        log.append("caught")
    with Manager(False):
        log.append("body")
    return log


@pytest.mark.parametrize("func", [reraise, return_in_finally, with_blocks])
def test_same_as_cpython(func):
    assert on_fivefold(func)() == func()


def test_error_messages_match_cpython():
    def bad_raise():
        raise 42

    def bad_except():
        try:
            1 / 0
        except 3:
            pass

    def bad_with():
        with 5:
            pass

    def bad_unpack():
        a, b = [1, 2, 3]

    def no_active():
        raise

    for func, exc in [(bad_raise, TypeError), (bad_except, TypeError), (bad_with, TypeError),
                      (bad_unpack, ValueError), (no_active, RuntimeError)]:
        with pytest.raises(exc) as ours:
            on_fivefold(func)()
        with pytest.raises(exc) as theirs:
            func()
        assert str(ours.value) == str(theirs.value)


SOURCE = """\
def inner(values):
    total = 0
    for v in values:
        total = total + 10 // v
    return total

def outer():
    return inner([1, 2, 0])

outer()
"""


def test_traceback_names_lines_and_carets():
    namespace = {"__name__": "tb_test"}
    with pytest.raises(ZeroDivisionError) as info:
        run_source(SOURCE, "tb_source.py")
    lines = traceback.format_exception(info.value)
    text = "".join(lines)
    # Three entries from fivefold frames: the module, outer, inner, in order.
    entries = [line for line in lines if line.startswith('  File "tb_source.py"')]
    assert [e.split(", ")[1:] for e in entries] == [
        ["line 10", "in <module>\n"], ["line 8", "in outer\n"], ["line 4", "in inner\n"]]
    # linecache cannot read the made-up file: write it so carets can be shown.
    import linecache
    linecache.cache["tb_source.py"] = (len(SOURCE), None, SOURCE.splitlines(True), "tb_source.py")
    try:
        text = "".join(traceback.format_exception(info.value))
    finally:
        del linecache.cache["tb_source.py"]
    assert "    total = total + 10 // v\n                    ~~~^^~~\n" in text
    del namespace


def test_traceback_frames_are_fivefold_frames():
    def fails():
        x = "local value"
        raise ValueError(x)

    with pytest.raises(ValueError) as info:
        on_fivefold(fails)()
    tb = info.value.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    assert tb.tb_frame.f_code.co_name == "fails"
    assert tb.tb_frame.f_locals["x"] == "local value"
    assert tb.tb_lineno == fails.__code__.co_firstlineno + 2
