# Bound methods and builtin classes called at hot sites (stage 1:
# CALL_BOUND_METHOD, CALL_BUILTIN_CLASS, CALL_STR_1), then what the site sees
# changes: methods of C functions and of classes, keyword arguments, wrong
# argument counts, a rebound global str, __str__ that fails or returns a non-str.
import types


class Counter:
    def __init__(self):
        self.n = 0

    def add(self, k=1, *, times=1):
        self.n += k * times
        return self.n

    @classmethod
    def name(cls, suffix=""):
        return cls.__name__ + suffix


def call0(m):
    return m()


def call1(m, v):
    return m(v)


def call_kw(m, v):
    return m(v, times=2)


c = Counter()
for i in range(5):
    call0(c.add)
    call1(c.add, i)
    call_kw(c.add, i)
print(c.n)
print([call1(Counter.name, s) for s in "ab"], call0(Counter.name))
print(call0(types.MethodType(abs, -7)))
print(call1(types.MethodType(divmod, 17), 5))
print(call1(types.MethodType(lambda self, v: (self, v), "me"), 1))
print(call1(types.MethodType(Counter.add, c), 100))
try:
    call1(c.add, 1) and call1(c.add, "x")
except TypeError as e:
    print("TypeError:", e)
try:
    call_kw(Counter.name, 1)
except TypeError as e:
    print("TypeError:", e)
m = c.add
for i in range(3):
    print(call1(m, 2), call1(print, "plain print"))


def conv(kind, v):
    return kind(v)


for kind, v in [(tuple, "ab"), (list, (1, 2)), (set, [3]), (frozenset, [4]), (dict, [(1, 2)]),
                (range, 3), (float, "1.5"), (int, "12"), (bool, []), (str, 7), (bytes, 2),
                (tuple, [5]), (complex, 2)]:
    print(kind.__name__, conv(kind, v), conv(kind, v))
for bad in [(tuple, 5), (range, "x"), (dict, [1])]:
    try:
        conv(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


def to_str(v):
    return str(v)


class Weird:
    def __init__(self, result):
        self.result = result

    def __str__(self):
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


print([to_str(v) for v in (1, 2.5, None, "s", b"b", [1], Weird("ok"))])
for r in (ValueError("no str"), 42):
    try:
        to_str(Weird(r))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class MyStr(str):
    pass


print(type(to_str(MyStr("sub"))).__name__)
str = lambda v: f"<{v}>"
print(to_str(3))
del str
print(to_str(4))
try:
    (lambda: __builtins__.str(1, 2, 3, 4))()
except (TypeError, AttributeError) as e:
    print(type(e).__name__)
