# One call site calls a function, then another, a builtin, a class, a bound method,
# a lambda with defaults, a callable object and a partial.
import functools

def double(x): return x * 2
def triple(x): return x * 3
class Wrap:
    def __init__(self, x): self.x = x
    def __repr__(self): return f"Wrap({self.x})"
class Callable:
    def __call__(self, x): return ("called", x)
class Holder:
    def m(self, x): return ("method", x)

def apply(f, x):
    return f(x)

callees = [double] * 3 + [triple, abs, str, Wrap, Holder().m,
           lambda x, y=5: x + y, Callable(), functools.partial(max, 0), type, double]
print([apply(f, -2) for f in callees])
try:
    apply(lambda: 1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    apply(None, 2)
except TypeError as e:
    print("TypeError:", e)
