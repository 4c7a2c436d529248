"""Scripted jumps (frame.f_lineno = N from a trace function): forward and
backward, out of loops, with blocks and try blocks, refused ones with their
messages, jumps after a yield, jumps from events other than 'line'. Each case
prints the trace events after the jump (relative lines), the jump's outcome,
the result or exception, and the exception being handled afterwards."""

import sys


def forward():
    a = 1
    b = 2
    c = 3
    return (a, c)


def backward(n):
    count = 0
    count += 1
    n -= 1
    return (count, n)


def out_of_for():
    out = []
    for i in range(5):
        out.append(i)
        out.append("body")
    out.append("after")
    return out


def out_of_nested_for():
    out = []
    for i in range(2):
        for j in range(3):
            out.append((i, j))
    out.append("after")
    return out


def out_of_with():
    out = []
    with CM(out):
        out.append("in")
        out.append("still in")
    out.append("after")
    return out


def out_of_except():
    out = []
    try:
        1 / 0
    except ZeroDivisionError:
        out.append(repr(sys.exc_info()[1]))
        out.append("handled")
    out.append(repr(sys.exc_info()[1]))
    return out


def out_of_finally():
    out = []
    try:
        out.append("try")
    finally:
        out.append("finally")
        out.append("finally 2")
    out.append("after")
    return out


def into_for():
    out = []
    out.append("before")
    for i in range(2):
        out.append(i)
    return out


def into_except():
    out = []
    try:
        out.append("try")
    except ValueError:
        out.append("except")
    return out


def into_with():
    out = []
    out.append("before")
    with CM(out):
        out.append("in")
    return out


def gen_first():
    yield 1
    x = 2
    yield x
    yield 3


def gen_loop():
    for i in range(3):
        yield i
    z = 10
    yield z


class CM:
    def __init__(self, out):
        self.out = out

    def __enter__(self):
        self.out.append("enter")

    def __exit__(self, *exc):
        self.out.append("exit")


def run(name, func, call, event, when, to, *, raise_after=False):
    """Trace call(); at func's when-th `event` event set f_lineno to func's
    first line + to."""
    code = func.__code__
    first = code.co_firstlineno
    seen = {"n": 0, "log": [], "outcome": "not reached"}

    def tracer(frame, ev, arg):
        if frame.f_code is not code:
            return tracer
        seen["log"].append("%s%d" % (ev[0], frame.f_lineno - first))
        if ev == event:
            seen["n"] += 1
            if seen["n"] == when:
                try:
                    frame.f_lineno = first + to
                    seen["outcome"] = "jumped to %d" % (frame.f_lineno - first)
                except ValueError as e:
                    seen["outcome"] = "ValueError: %s" % e
                if raise_after:
                    raise KeyError("from the trace function")
        return tracer

    sys.settrace(tracer)
    try:
        result = repr(call())
    except Exception as e:
        result = "%s: %s" % (type(e).__name__, e)
    finally:
        sys.settrace(None)
    print(name, "|", seen["outcome"], "|", " ".join(seen["log"]), "|", result, "|", sys.exc_info()[0])


run("forward", forward, forward, "line", 1, 3)
run("forward over assignment", forward, forward, "line", 1, 4)
run("backward", backward, lambda: backward(3), "line", 4, 2)
run("same line", forward, forward, "line", 2, 2)
run("out of for", out_of_for, out_of_for, "line", 4, 6)
run("out of for from header", out_of_for, out_of_for, "line", 3, 6)
run("out of nested for", out_of_nested_for, out_of_nested_for, "line", 4, 6)
run("backward in for", out_of_for, out_of_for, "line", 5, 4)
run("out of with", out_of_with, out_of_with, "line", 3, 6)
run("out of except", out_of_except, out_of_except, "line", 5, 8)
run("within except", out_of_except, out_of_except, "line", 5, 7)
run("out of finally", out_of_finally, out_of_finally, "line", 4, 7)
run("into for", into_for, into_for, "line", 2, 5)
run("into except", into_except, into_except, "line", 2, 6)
run("into with", into_with, into_with, "line", 2, 5)
run("too early", forward, forward, "line", 1, -5)
run("too late", forward, forward, "line", 1, 50)
run("from call", forward, forward, "call", 1, 3)
run("from return", forward, forward, "return", 1, 2)
run("from exception", out_of_except, out_of_except, "exception", 1, 7)
run("then raise", forward, forward, "line", 1, 3, raise_after=True)
run("gen line jump", gen_first, lambda: list(gen_first()), "line", 2, 3)
run("gen after yield to def", gen_first, lambda: list(gen_first()), "return", 1, 0)
run("gen after yield forward", gen_first, lambda: list(gen_first()), "return", 1, 3)
run("gen after yield backward", gen_first, lambda: list(gen_first()), "return", 2, 1)
run("gen after yield into loop", gen_loop, lambda: list(gen_loop()), "return", 1, 2)
run("gen after loop yield out", gen_loop, lambda: list(gen_loop()), "return", 2, 4)
run("gen finished return", gen_first, lambda: list(gen_first()), "return", 4, 1)


def opcode_event():
    x = 1
    return x


def opcode_tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode" and frame.f_code is opcode_event.__code__:
        try:
            frame.f_lineno = frame.f_code.co_firstlineno + 2
        except ValueError as e:
            print("opcode:", e)
            frame.f_trace_opcodes = False
    return opcode_tracer


sys.settrace(opcode_tracer)
opcode_event()
sys.settrace(None)


def not_tracing():
    frame = sys._getframe()
    for value in ("3", 3.0, 2 ** 80, frame.f_code.co_firstlineno + 2):
        try:
            frame.f_lineno = value
        except ValueError as e:
            print("not tracing:", e)
    try:
        del frame.f_lineno
    except AttributeError as e:
        print("del:", e)


not_tracing()
