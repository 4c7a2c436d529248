import functools
def power(base, exp, *, mod=None):
    """Raise base to exp."""
    r = base ** exp
    return r % mod if mod else r
square = functools.partial(power, exp=2)
cube_mod = functools.partial(power, exp=3, mod=10)
print(square(9), cube_mod(7), square.func is power, square.keywords, cube_mod.args)
two_to = functools.partial(power, 2)
print([two_to(i) for i in range(6)])
def decorator(f):
    @functools.wraps(f)
    def w(*a, **k):
        return ("wrapped", f(*a, **k))
    return w
wp = decorator(power)
print(wp(2, 5), wp.__name__, wp.__doc__, wp.__wrapped__ is power, wp.__qualname__)
class Calc:
    def mul(self, a, b):
        return a * b
    double = functools.partialmethod(mul, 2)
print(Calc().double(21))
