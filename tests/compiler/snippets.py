"""Small programs, one per construct group, shared by the compiler tests.

Each prints what it computes, so running it under CPython and under fivefold
(or from the CPython-assembled oracle code) can be compared by output.
"""

SNIPPETS: dict[str, str] = {
    "operators": """
a, b = 7, 3
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b, a << b, a >> b, a & b, a | b, a ^ b)
print(-a, +a, ~a, not a, a @ b if False else None)
x = 5; x += 2; x -= 1; x *= 3; x //= 2; x **= 2; x %= 7; x |= 8; x &= 12; x ^= 3; x <<= 2; x >>= 1
print(x, 1 < a < 10, 1 < a > 10, a == b, a != b, a is b, a is not b, 3 in [3], 4 not in (3,))
print(a and b, a or b, 0 and a, 0 or b, a if b else 0, (y := a * 2), y)
print(1 < 2 < 3 < 4, 4 > 3 > 5, "%s-%r-%5s|%-4s|" % ("a", "b", "c", "d"), "%d" % 5)
""",
    "displays": """
t = (1, 2, *[3, 4]); l = [0, *t, 5]; s = {1, 2, *t}; d = {'a': 1, **{'b': 2}, 'c': 3}
print(t, l, sorted(s), d, [], (), {}, [1, 2, 3], {1: 2, 3: 4}, {k: 1 for k in 'ab'})
print(l[1:3], l[::2], l[-1], l[:], t[1:-1:1], 'abc'[0], {'x': 1}['x'])
l[0] = 9; l[1:2] = [7, 7]; del l[-1]; print(l)
big = [i for i in range(40)]; print(sum([*big, *big]), len({**{str(i): i for i in range(40)}}))
print(*[1, 2], sep='-'); print(f"{a!r:>6}|{3.14159:.2f}|{'x'!s}|{'y'!a}|{1+1}" if (a := 'q') else 0)
""",
    "functions": """
def f(a, b=2, /, c=3, *args, d, e=5, **kw):
    "doc"
    return a, b, c, args, d, e, kw
print(f(1, d=4), f(1, 2, 3, 4, 5, d=6, z=7), f.__doc__, f.__defaults__, f.__kwdefaults__)
def g(x: int, *a: str, y: 'q' = 1, **k: float) -> list: pass
print(g.__annotations__, g.__name__, g.__qualname__)
def deco(fn):
    def wrapper(*a, **k):
        return ('wrapped', fn(*a, **k))
    return wrapper
@deco
@deco
def h(n): return n * 2
print(h(4), (lambda x, *y, z=1: (x, y, z))(1, 2, z=3), h.__qualname__)
def outer():
    v = 1
    def inner():
        nonlocal v
        v += 1
        return v
    return inner
i = outer(); print(i(), i(), i.__closure__ is not None)
G = 0
def setg():
    global G
    G = 42
setg(); print(G)
args = (1, 2); kwargs = {'d': 9}
print(f(*args, **kwargs), f(*args, 5, *args, d=1, **{'q': 1}))
""",
    "classes": """
class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns['extra'] = kw
        return super().__new__(mcls, name, bases, ns)
class Base:
    def hello(self): return 'base'
class C(Base, metaclass=Meta, flag=True):
    '''C doc'''
    attr = 1
    __private = 2
    def hello(self): return 'C+' + super().hello()
    def cls(self): return __class__.__name__, self.__private
    @property
    def p(self): return self.attr
    @staticmethod
    def s(): return 's'
    @classmethod
    def k(cls): return cls.__name__
c = C()
print(c.hello(), c.cls(), c.p, C.s(), C.k(), C.extra, C.__doc__, C.__qualname__, C.__module__)
def factory():
    class Local:
        def m(self): return Local.__qualname__
    return Local
print(factory()().m())
class Ann:
    x: int = 1
    y: str
print(Ann.__annotations__)
""",
    "control": """
for i in range(5):
    if i == 1: continue
    if i == 3: break
    print('for', i)
else:
    print('no')
for i in []: pass
else: print('else')
n = 0
while n < 10:
    n += 3
    if n == 100: break
else:
    print('while else', n)
while True:
    n -= 1
    if n < 5: break
print(n)
for a, (b, *c) in [(1, (2, 3, 4))]: print(a, b, c)
a, *b, c = range(5); print(a, b, c)
x = 1 if n else 2
assert x == 1, 'msg'
try:
    assert x == 2, f'bad {x}'
except AssertionError as e:
    print('assert', e)
del x
try:
    x
except NameError as e:
    print(e)
""",
    "exceptions": """
def f(n):
    try:
        if n == 0: raise ValueError('zero')
        if n == 1: return 'one'
        r = 10 // (n - 2)
    except ValueError as e:
        print('value', e)
        return 'v'
    except (ZeroDivisionError, TypeError):
        print('zero-div')
    else:
        print('else', r)
    finally:
        print('finally', n)
    return 'end'
for n in range(4): print(f(n))
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise KeyError('k') from e
except KeyError as e:
    print(repr(e), repr(e.__cause__), e.__suppress_context__)
try:
    try:
        raise TypeError('a')
    except TypeError:
        raise ValueError('b')
except ValueError as e:
    print(repr(e.__context__))
def loop():
    for i in range(3):
        try:
            if i == 1: continue
            if i == 2: return i
        finally:
            print('cleanup', i)
print(loop())
try:
    raise
except RuntimeError as e:
    print(e)
try:
    pass
finally:
    print('f2')
""",
    "with": """
class CM:
    def __init__(self, name, swallow=False): self.name, self.swallow = name, swallow
    def __enter__(self): print('enter', self.name); return self.name
    def __exit__(self, t, v, tb): print('exit', self.name, t.__name__ if t else None); return self.swallow
with CM('a') as a, CM('b') as b:
    print('body', a, b)
with CM('c', True):
    raise ValueError
def f():
    with CM('d'):
        return 'ret'
print(f())
for i in range(2):
    with CM(i):
        if i == 0: continue
        break
try:
    with CM('e'):
        1 / 0
except ZeroDivisionError:
    print('propagated')
""",
    "generators": """
def gen(n):
    for i in range(n):
        got = yield i
        if got: print('got', got)
    return 'done'
g = gen(3); print(next(g), g.send('x'), next(g))
try: next(g)
except StopIteration as e: print('stop', e.value)
def deleg():
    r = yield from gen(2)
    print('r', r)
    yield 'last'
print(list(deleg()))
def catcher():
    while True:
        try:
            yield 1
        except KeyError:
            print('caught key')
c = catcher(); next(c); print(c.throw(KeyError)); c.close()
def closing():
    try:
        yield 1
    finally:
        print('closed')
g = closing(); next(g); g.close()
print(sum(x * x for x in range(5)), list(x for x in 'ab' if x != 'a'))
print([(i, j) for i in range(3) for j in range(i) if j], {x % 3 for x in range(9)}, {k: v for k, v in zip('ab', [1, 2])})
def lazy(): return (y for y in range(3))
print(list(lazy()))
""",
    "scopes": """
x = 'global'
def a():
    x = 'a'
    def b():
        def c(): return x
        return c()
    return b()
print(a())
class K:
    x = 'class'
    def m(self): return x
    y = [x for _ in range(1)]
print(K().m(), K.y)
def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc, lambda: count
inc, get = counter(); inc(); inc(); print(get())
print([w for w in range(3) if (last := w)], last)
def shadow(list=list): return list('ab')
print(shadow())
def unbound():
    try:
        print(z)
    except UnboundLocalError as e:
        print('unbound', e)
    z = 1
unbound()
""",
    "match": """
import enum
class Color(enum.Enum):
    RED = 1
class P:
    __match_args__ = ("x", "y")
    def __init__(self, x, y): self.x, self.y = x, y
def f(v):
    out = []
    match v:
        case None: out.append("none")
        case True | False: out.append("bool")
        case -1 | 1.5 | 2j | -3+4j: out.append("num")
        case "s" | b"b": out.append("str")
        case Color.RED: out.append("red")
        case (1, 2) | [3, 4, 5]: out.append("seq")
        case [x, y] | (y, x, _): out.append(f"pair {x} {y}")
        case [a, [b, *c], {"k": d, **e}] if a > 0 and b: out.append(f"nested {a} {b} {c} {d} {e}")
        case {}: out.append("map")
        case {**rest} if rest.get(0): out.append(f"rest {rest}")
        case P(0, y=q) | P(x=q, y=0): out.append(f"P {q}")
        case P(x=P(a, b) as inner): out.append(f"inner {a} {b} {inner.x}")
        case int(n) | float(n) if n > 100: out.append(f"big {n}")
        case str() | bytes(): out.append("strish")
        case [*_, last] if last == 9: out.append("last 9")
        case [first, *_, _]: out.append(f"first {first}")
        case [*_]: out.append("any seq")
        case _ if v == 5: out.append("five")
        case _: out.append("other")
    return out
for v in [None, True, -1, 2j, "s", Color.RED, (1, 2), [7, 8], (1, 2, 3),
          [1, [2, 3], {"k": 4, "z": 5}], {}, {0: 1}, P(0, 7), P(9, 0), P(P(1, 2), 3), 101, 5,
          [1, 9], [2, 3, 4, 5], [6], "x", 0.5]:
    print(f(v))
match [1, 2]:
    case [x, y]: print(x + y)
class C:
    match {"a": 1}:
        case {"a": aa}: seen = aa
print(C.seen)
def loop(items):
    for it in items:
        match it:
            case 0:
                continue
            case 1:
                break
            case (
                    [a,
                     b]
            ):
                print("multi", a, b)
    else:
        print("no break")
loop([0, [5, 6], 1, 2]); loop([])
def order(x):
    match x:
        case (a, b, c) | (c, b, a, _) | [b, c, a, _, _]:
            return a, b, c
print(order((1, 2, 3)), order((1, 2, 3, 4)), order([1, 2, 3, 4, 5]))
""",
    "async": """
import asyncio
class CM:
    def __init__(self, swallow=False): self.swallow = swallow
    async def __aenter__(self): print('aenter'); return self
    async def __aexit__(self, t, v, tb):
        print('aexit', t.__name__ if t else None)
        return self.swallow
class It:
    def __init__(self): self.i = 0
    def __aiter__(self): return self
    async def __anext__(self):
        self.i += 1
        if self.i > 3: raise StopAsyncIteration
        return self.i
async def agen(n):
    try:
        for i in range(n):
            x = yield i
            await asyncio.sleep(0)
    finally:
        print('agen closed')
async def main(xs):
    total = 0
    async for v in It():
        total += v
    else:
        total += 100
    async with CM() as c, CM():
        total += 1
    async with CM(True):
        raise KeyError('swallowed')
    for q in xs:
        async with CM():
            if q: break
            continue
    comps = ([x async for x in agen(3)], {x: y async for x in agen(2) for y in xs},
             [await asyncio.sleep(0, x) for x in xs], [[c async for c in agen(2)] for r in xs])
    g = (await asyncio.sleep(0, x) async for x in agen(2) if x if await asyncio.sleep(0, True))
    async with CM():
        try:
            return total, comps, [y async for y in g]
        finally:
            print('fin')
def plain(xs):
    return (await x for x in xs)
async def one(v): return v * 3
async def use_plain(): return [y async for y in plain([one(1), one(2)])]
print(asyncio.run(main([0, 1])), asyncio.run(use_plain()))
""",
    "except_star": """
import sys
def raiser(excs):
    raise ExceptionGroup("eg", excs)
def f(excs):
    log = []
    try:
        try:
            raiser(excs)
        except* ValueError as e:
            log.append(("V", len(e.exceptions), sys.exc_info()[1] is e))
            raise
        except* TypeError:
            log.append("T")
            raise KeyError("new")
        except* (OSError, LookupError) as g:
            log.append(("L", repr(g)))
        else:
            log.append("else")
        finally:
            log.append("finally")
    except BaseException as outer:
        log.append(("outer", type(outer).__name__, repr(outer)))
    return log
def g():
    for i in range(2):
        try:
            1 / i
        except* ZeroDivisionError:
            pass
    try:
        pass
    except* Exception:
        pass
    finally:
        return "g done"
print(f([ValueError(1), TypeError(2), OSError(3), KeyError(4)]))
print(f([OSError(3)]))
print(g())
try:
    raise ValueError("naked")
except* ValueError as eg:
    print(repr(eg))
""",
    "imports": """
import os, os.path
import collections.abc as cabc
from os import path as p, sep
from math import *
print(os.path is p, sep, cabc.Mapping.__name__, floor(2.5), pi > 3)
import importlib
print(importlib.import_module('json').dumps([1]))
""",
}
