# tuple(g), list(g), set(g) of generators (s2.collect_generators runs them in
# the loop once the call site is specialized: every case runs 30 times).
import sys, traceback

def gen(n):
    for i in range(n):
        yield i * i

def squares(n):
    return tuple(gen(n)), list(gen(n)), set(gen(n))

def exprs(n):
    return tuple(x + 1 for x in range(n)), list(x for x in range(n) if x % 2), set(x % 3 for x in range(n))

def sizes(n):
    # list(g) is allocated as CPython's list_extend allocates it
    return sys.getsizeof(list(i for i in range(n))), sys.getsizeof(tuple(i for i in range(n)))

def started(n):
    g = (i for i in range(n))
    next(g, None)
    return tuple(g), tuple(g), list(g)

def bad():
    yield 1
    raise ValueError("boom")

def stopit():
    yield 1
    raise StopIteration

def ret():
    yield 1
    return 5

def frames():
    yield sys._getframe(1).f_code.co_name
    yield sys._getframe().f_back.f_lineno
    yield sys._getframe().f_back.f_back is not None

def caller():
    return tuple(frames())

class H:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        print("hash", self.v)
        return self.v
    def __eq__(self, other):
        return self.v == other.v

def hashed():
    for i in range(3):
        print("yield", i)
        yield H(i % 2)

closing = None
class Closer:
    def __hash__(self):
        closing.close()
        return 1

def closed():
    yield Closer()
    yield 2
    yield 3

def unhashable():
    yield 1
    yield [2]
    yield 3

def nested(n):
    if n:
        yield tuple(nested(n - 1))
    yield n

out = []
for rep in range(30):
    out.append((squares(rep % 7), exprs(rep % 5), sizes(rep), started(rep % 4)))
    for f, exc in ((bad, ValueError), (stopit, RuntimeError)):
        for cls in (tuple, list, set):
            try:
                cls(f())
            except exc as e:
                if rep == 29:
                    print(cls.__name__, type(e).__name__, e, type(e.__cause__).__name__)
                    traceback.print_exc(file=sys.stdout)
    u = unhashable()
    try:
        set(u)
    except TypeError as e:
        out.append((str(e), next(u)))   # the generator stays suspended after the error
    out.append((list(ret()), caller(), len(tuple(nested(rep % 6)))))
    if rep == 29:
        print(len(set(hashed())))
        closing = closed()
        print(len(set(closing)), list(closing))
print(out[-1], len(out))
print([o for o in out if isinstance(o, tuple) and len(o) == 4][-1])
for o in out[:12]:
    print(o)
# a collected generator is as deep as CPython lets it be
def deep(n):
    if n:
        yield from (tuple(deep(n - 1)),)
    yield n
print(len(str(tuple(deep(50)))))
# class, builtins replaced: the generic call
tuple_ = tuple
def call_it(cls, n):
    return cls(i for i in range(n))
print(call_it(frozenset, 3), call_it(sorted, 3), [call_it(tuple_, k) for k in range(3)])
