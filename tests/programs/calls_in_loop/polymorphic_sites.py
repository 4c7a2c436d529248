# Call sites that see a different callee on most calls (copy.deepcopy's
# `copier(x, memo)`): s2.call_exact_args re-caches each callee's version at the
# site with a store when the version is one fivefold gave (the checks made when
# it was given). Callees of every kind pass one site in turn: exact arguments,
# defaults, a generator and a coroutine function, *args, keyword-only
# parameters, a function of CPython code, a function whose __code__ or
# __defaults__ is set while the site keeps switching, and a closure per call.
import sys

def atomic(x, memo): return x
def as_list(x, memo, depth=1): return [x, depth]
def as_tuple(x, memo, depth=2): return (x, depth)
def gen(x, memo):
    yield x
    yield len(memo)
async def coro(x, memo): return ("coro", x)
def star(*args): return ("star", len(args))
def kwonly(x, memo, *, k=3): return ("kwonly", x, k)
exec_ns = {}
exec("def from_exec(x, memo):\n    return ('exec', x)\n", exec_ns)
from_exec = exec_ns["from_exec"]

def show(value):
    if hasattr(value, "send") and hasattr(value, "cr_code"):
        try:
            value.send(None)
        except StopIteration as stop:
            return ("coroutine returned", stop.value)
    if hasattr(value, "__next__"):
        return ("generator", list(value))
    return value

def dispatch(callees, rounds):
    out = []
    memo = {}
    for i in range(rounds):
        copier = callees[i % len(callees)]
        out.append(show(copier(i, memo)))   # one site, callees in turn
    return out

print(dispatch([atomic, as_list, as_tuple], 30)[-6:])
print(dispatch([atomic, gen, as_list, coro], 40)[-8:])
print(dispatch([atomic, from_exec, as_tuple], 30)[-6:])
# A callee no cached call fits: the site takes the general path from then on,
# and keeps giving the same results.
print(dispatch([atomic, as_list, star, kwonly], 40)[-8:])

# Setters while the site keeps switching: the next call of the changed function
# must see its new code or defaults.
def other(x, memo): return ("other", x)
def changing(x, memo): return ("changing", x)
def switcher(n):
    out = []
    fs = [atomic, changing, as_list]
    for i in range(n):
        if i == 20:
            changing.__code__ = other.__code__
        if i == 30:
            as_list.__defaults__ = (99,)
        if i == 40:
            as_list.__defaults__ = None
        try:
            out.append(fs[i % 3](i, {}))
        except TypeError as e:
            out.append("TypeError: " + str(e))
    return out
print(switcher(45)[15:])

# A closure per call: functions of one code share a version; functions of two
# codes alternate.
def make(k):
    def add(x, memo): return x + k
    return add
def make_other(k):
    def sub(x, memo): return x - k
    return sub
print([(make if i % 2 else make_other)(i)(10, None) for i in range(12)])

# Errors raised in callees reached from the polymorphic site: tracebacks name them.
def boom(x, memo): raise ValueError("boom %d" % x)
def deep(x, memo): return boom(x, memo)
for callees in ([atomic, boom], [deep, atomic, as_list]):
    try:
        dispatch(callees, 10)
    except ValueError as e:
        tb = e.__traceback__
        names = []
        while tb is not None:
            names.append(tb.tb_frame.f_code.co_name)
            tb = tb.tb_next
        print("ValueError", e, names)

# Recursion through a polymorphic site still counts each level.
def down(n, memo):
    return n if n == 0 else pick[n % 2](n - 1, memo)
def down_too(n, memo):
    return -n if n == 0 else pick[n % 2](n - 1, memo)
pick = [down, down_too]
print(down(500, None))
sys.setrecursionlimit(100)
try:
    down(1000, None)
except RecursionError as e:
    print("RecursionError", e)
