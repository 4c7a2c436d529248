# Calls with exactly the callee's positional parameters (s2.call_exact_args), from
# call sites with one callee and with many, and callees changed after their calls
# were specialized (__code__, __defaults__, __kwdefaults__, __annotations__).
import sys, traceback
def add(a, b): return a + b
def sub(a, b): return a - b
def three(a, b, c): return (a, b, c)
def with_default(a, b=5): return (a, b)
def gen(a, b):
    yield a
    yield b
def star(*args): return args
def kwonly(a, b, *, k=1): return (a, b, k)
def cell(a, b):
    def inner(): return a * b
    return inner()
def make_adder(k):
    def adder(a, b): return a + b + k
    return adder
class P:
    def __init__(self, v): self.v = v
    def plus(self, a): return self.v + a
    @staticmethod
    def st(a, b): return a * b
exec_ns = {}
exec("def from_exec(a, b):\n    return ('exec', a, b)\n", exec_ns)
from_exec = exec_ns["from_exec"]

def site(f, a, b):
    return f(a, b)   # one call site, many callees

for round in range(4):
    print(add(1, 2), sub(5, 3), three(1, 2, 3), cell(3, 4), make_adder(10)(1, 2))
    p = P(round)
    print(p.plus(1), P.plus(p, 2), P.st(3, 4), p.st(2, 2))
    print([site(f, 7, 3) for f in (add, sub, with_default, kwonly, cell, make_adder(1), from_exec)])
    print(list(site(gen, 1, 2)), site(star, 1, 2), site(P.st, 2, 5))
    print(with_default(1, 2), with_default(1), kwonly(1, 2), kwonly(1, 2, k=3), add(a=1, b=2), add(1, b=2))

# The callee changes after its calls were specialized: the version CPython
# gives a function is reset by these setters, so the next call checks again.
def target(a, b): return ("target", a, b)
def call_target(): return target(1, 2)
print([call_target() for _ in range(3)])
target.__code__ = sub.__code__
print(call_target())
target.__code__ = three.__code__
try:
    call_target()
except TypeError as e:
    print("TypeError:", e)
target.__defaults__ = (30,)
print(call_target())
target.__code__ = gen.__code__
print(list(call_target()))
target.__code__ = star.__code__
print(call_target())
target.__code__ = kwonly.__code__
target.__kwdefaults__ = {"k": 9}
print(call_target())
target.__kwdefaults__ = None
try:
    call_target()
except TypeError as e:
    print("TypeError:", e)
target.__code__ = from_exec.__code__
print(call_target())
target.__code__ = add.__code__
target.__defaults__ = None
print(call_target(), [call_target() for _ in range(3)])
target.__annotations__ = {"a": int}
print(call_target())

def swap_while_running(a, b):
    swap_while_running.__code__ = sub.__code__
    return ("first", a, b)
def call_swap(): return swap_while_running(8, 3)
print(call_swap(), call_swap(), call_swap())

# Frames the exact path pushes look like any other.
def leaf(a, b):
    f = sys._getframe()
    return (f.f_code.co_name, f.f_back.f_code.co_name, sorted(f.f_locals), f.f_lineno)
def mid(a, b): return leaf(a, b)
for _ in range(3):
    print(mid(1, 2))
def fails(a, b): return a / b
def calls_fails(a, b): return fails(a, b)
for _ in range(3):
    try:
        calls_fails(1, 0)
    except ZeroDivisionError:
        print("".join(traceback.format_exc().splitlines(True)[-7:]))
saved = []
def keep(a, b): saved.append(sys._getframe()); return a
def keeper(): return keep(1, 2) + keep(3, 4)
for _ in range(3):
    keeper()
print([(f.f_code.co_name, f.f_back.f_code.co_name, f.f_locals) for f in saved])
print(sys._getframe().f_code.co_name)
