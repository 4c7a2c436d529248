# sum(g), any(g), all(g) of generators, left to their C functions (s2.collect_generators
# tried any and all in the loop and left them out: stage2/README.md), next to the
# collections it does take: items, __add__/__radd__/__bool__ order, errors, early
# stops that finalize the generator, and recursion depths against CPython's.
import sys
class B:
    def __init__(s, v): s.v = v
    def __repr__(s): return f'B({s.v})'
    def __bool__(s):
        print("bool", s.v); return bool(s.v)
class A:
    def __init__(s, v): s.v = v
    def __add__(s, o): print("add", s.v, o); return A(s.v + (o.v if isinstance(o, A) else o))
    def __radd__(s, o): print("radd", s.v, o); return A(s.v + o)
    def __repr__(s): return f"A({s.v})"
def g(xs, log=False):
    try:
        for x in xs:
            if log: print("yield", x)
            yield x
    finally:
        if log: print("finally")
out = []
for rep in range(20):
    out.append((sum(x for x in range(rep)), sum(x * 0.1 for x in range(rep)), sum(g([1, 2.5, True, 10**30])),
                any(x > 3 for x in range(rep)), all(x < 3 for x in range(rep)), any(g([])), all(g([]))))
    try:
        sum(g([1, "a"]))
    except TypeError as e:
        out.append(str(e))
    if rep == 19:
        print(any(g([B(0), B(1), B(1)], True)))
        print(all(g([B(1), B(0), B(1)], True)))
        print(sum(g([A(1), 2, A(3)], True)))
        def boom():
            yield 1
            raise KeyError("k")
        for f in (sum, any, all):
            try:
                f(boom())
            except KeyError as e:
                print(f.__name__, "KeyError", e)
        class BadBool:
            def __bool__(s): raise ValueError("bad bool")
        try:
            any(g([0, BadBool()]))
        except ValueError as e:
            print("ValueError", e)
        def deep(n):
            yield any(deep(n - 1)) if n else 1
        for limit in (60, 100):
            sys.setrecursionlimit(limit)
            try:
                print(any(deep(200)))
            except RecursionError as e:
                print("RecursionError", e)
            sys.setrecursionlimit(1000)
print(out[-3:], len(out))

def deep_any(n):
    yield any(deep_any(n - 1)) if n else 1
def deep_tuple(n):
    yield tuple(deep_tuple(n - 1)) if n else 1
def deep_all(n):
    yield all(deep_all(n - 1)) if n else 1
def probe(f, limit):
    sys.setrecursionlimit(limit)
    best = None
    for n in range(0, limit):
        try:
            for _ in range(3):
                f(n)
                list(f(n))
            best = n
        except RecursionError as e:
            msg = str(e)
            break
    sys.setrecursionlimit(1000)
    return best, msg
# Not sum(): CPython 3.11 counts a recursion level for a METH_FASTCALL builtin
# called the generic way (cfunction_enter_call) and none once the site is
# specialized (PRECALL_BUILTIN_FAST_WITH_KEYWORDS), so its depth depends on the
# specializer's timing, and fivefold's tier 0, which never specializes, counts
# the level every time. any() and all() (METH_O) count one both ways, tuple()
# (a type's vectorcall) none.
for f in (deep_any, deep_tuple, deep_all):
    print(f.__name__, [probe(f, L) for L in (50, 73, 120)])
