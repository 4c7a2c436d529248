"""Tracing that starts and stops while frames run: pdb's set_trace sets
f_trace on every caller then calls settrace (here from a leaf that stage 2 runs
inside its caller's loop), settrace(None) in the middle of a frame;
f_trace_lines=False with f_trace_opcodes=True; a trace function that raises;
threading.settrace; a generator thrown into and closed; sys.setprofile and
sys.settrace together."""
import sys
import threading

from _record import check_engine, dump, events, record, trace


def start_here():
    f = sys._getframe().f_back
    while f:
        f.f_trace = trace
        f = f.f_back
    sys.settrace(trace)


def leaf(x):
    if x == 7:
        start_here()
    if x == 9:
        sys.settrace(None)
    return x * 2


def mid(n):
    t = 0
    for i in range(n):
        t += leaf(i)
        t += 1
    return t


def top():
    r = mid(12)
    return r + 1


check_engine(mid)
for _ in range(300):
    mid(5)
top()
sys.settrace(None)
dump("started and stopped mid-run")


# Started and stopped inside a call from C (sorted's key, map's function: a
# run of the loop of its own, with a cframe of its own): the loop that made
# the call sees the new state at its next line, as CPython's does.
def key_starts(x):
    if x == 3:
        start_here()
    return -x


def key_stops(x):
    if x == 2:
        sys.settrace(None)
    return x


def started_in_c(n):
    ys = sorted(range(n), key=key_starts)
    t = len(ys)
    t += 1
    return t


def stopped_in_c(n):
    t = list(map(key_stops, range(n)))
    t = len(t)
    t += 1
    return t


check_engine(started_in_c)
for _ in range(300):
    started_in_c(2)
    stopped_in_c(1)
started_in_c(6)
stopped_in_c(5)
sys.settrace(None)
dump("started and stopped inside calls from C")


def trace_opcodes(frame, event, arg):
    frame.f_trace_lines = False
    frame.f_trace_opcodes = True
    record(frame, event, arg)
    return trace_opcodes


def small(a):
    b = a + 1
    if b:
        b += [1][0]
    return b


sys.settrace(trace_opcodes)
small(1)
sys.settrace(None)
dump("lines off, opcodes on")


def trace_raise(frame, event, arg):
    record(frame, event, arg)
    if event == "line" and frame.f_lineno - frame.f_code.co_firstlineno == 2:
        raise RuntimeError("from trace")
    return trace_raise


def victim():
    a = 1
    b = 2
    return a + b


sys.settrace(trace_raise)
try:
    victim()
except RuntimeError as e:
    print("caught", e, sys.gettrace())
sys.settrace(None)
dump("raising trace function")

threading.settrace(trace)
t = threading.Thread(target=small, args=(3,))
t.start()
t.join()
threading.settrace(None)
dump("threading.settrace")


def g():
    try:
        yield 1
        yield 2
    except ValueError:
        yield 3
    finally:
        pass


sys.settrace(trace)
x = g()
next(x)
x.throw(ValueError)
x.close()
sys.settrace(None)
dump("generator throw and close")


def both(n):
    return sum(range(n)) + len("ab")


sys.setprofile(lambda f, e, a: record(f, "P" + e, a))
sys.settrace(trace)
both(3)
sys.settrace(None)
sys.setprofile(None)
dump("profile and trace together")
