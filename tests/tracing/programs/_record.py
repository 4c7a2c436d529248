"""The recorder every tracing program uses: an event list of (event, function,
line relative to the function's first line, detail), where detail is the
returned value's repr, the exception's type name or the C function's name.
Frames of other files (the standard library, this helper) are left out, so
the list is about the program's own code alone."""

import os
import sys

events = []
HERE = os.path.abspath(__file__)


def _detail(event, arg):
    if event == "return":
        text = repr(arg)
        return type(arg).__name__ if " at 0x" in text else text
    if event == "exception":
        return arg[0].__name__
    if event.startswith("c_"):
        return getattr(arg, "__qualname__", type(arg).__name__)
    return ""


def record(frame, event, arg):
    co = frame.f_code
    if os.path.abspath(co.co_filename) == HERE or co.co_filename.startswith("<frozen"):
        return
    if os.path.dirname(os.path.abspath(co.co_filename)) != os.path.dirname(HERE):
        return
    events.append((event, co.co_name, frame.f_lineno - co.co_firstlineno, _detail(event, arg)))


def trace(frame, event, arg):
    record(frame, event, arg)
    return trace


def profile(frame, event, arg):
    record(frame, event, arg)


def dump(title):
    print("---", title, len(events))
    for e in events:
        print(e)
    events.clear()


def check_engine(func):
    """Under `fivefold run` (TRACING_EXPECT_FIVEFOLD=1) the program's own
    functions must be fivefold code, or the comparison would prove nothing."""
    if os.environ.get("TRACING_EXPECT_FIVEFOLD") == "1":
        from fivefold import _fivefold

        try:
            _fivefold.code_of(func.__code__)
        except ValueError:
            sys.exit("not fivefold code: " + func.__qualname__)
