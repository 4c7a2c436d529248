# Classes called at hot sites (stage 1: CALL_PY_CLASS, object.__new__ then the
# Python __init__), then changed: __init__ returning a value or raising, keyword
# and star arguments, wrong argument counts, __init__ rebound while it runs,
# slots, abstract classes, and recursion through __init__.
import abc
import sys


class Point:
    def __init__(self, x, y=0, *rest, **extra):
        self.x, self.y, self.rest, self.extra = x, y, rest, extra


def make(cls, *args, **kwargs):
    return cls(*args, **kwargs)


def make1(cls, v):
    return cls(v)


def make_kw(cls, v):
    return cls(v, y=v + 1)


for i in range(5):
    p = make1(Point, i)
    q = make_kw(Point, i)
print(vars(p), vars(q))
print(vars(make(Point, 1, 2, 3, 4, k=5)))


class Returns:
    def __init__(self, v):
        self.v = v
        if v > 3:
            return v


for i in range(6):
    try:
        print(make1(Returns, i).v)
    except TypeError as e:
        print("TypeError:", e)


class Raises:
    def __init__(self, v):
        if v % 2:
            raise ValueError(f"odd {v}")
        self.v = v


for i in range(5):
    try:
        print(make1(Raises, i).v)
    except ValueError as e:
        print("ValueError:", e)

for cls, args in [(Point, ()), (Returns, (1, 2))]:
    try:
        cls(*args)
    except TypeError as e:
        print("TypeError:", e)


def wrong_count(cls):
    return cls(1, 2)


for _ in range(3):
    try:
        wrong_count(Returns)
    except TypeError as e:
        print("TypeError:", e)


class Rebinds:
    count = 0

    def __init__(self, v):
        Rebinds.count += 1
        self.v = v
        if v == 3:
            Rebinds.__init__ = lambda self, v: setattr(self, "v", -v)


print([make1(Rebinds, i).v for i in range(6)], Rebinds.count)


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a):
        self.a = a


print([make1(Slotted, i).a for i in range(4)])
try:
    make1(Slotted, 1).b
except AttributeError as e:
    print("AttributeError:", e)


class Base(abc.ABC):
    @abc.abstractmethod
    def run(self): ...

    def __init__(self, v):
        self.v = v


class Concrete(Base):
    def run(self):
        return self.v


print([make1(Concrete, i).run() for i in range(4)])
try:
    make1(Base, 1)
except TypeError as e:
    print("TypeError:", e)


class NoInit:
    pass


for i in range(3):
    print(type(make(NoInit)).__name__)
try:
    make1(NoInit, 1)
except TypeError as e:
    print("TypeError:", e)


class Callable:
    # Not a descriptor: slot_tp_init calls it without the instance.
    def __call__(self, v):
        print("callable __init__ got", v)


class Later:
    def __init__(self, v):
        self.v = v


for i in range(4):
    make1(Later, i)
Later.__init__ = Callable()
print(hasattr(make1(Later, 9), 'v'))
del Later.__init__
try:
    make1(Later, 1)
except TypeError as e:
    print("TypeError:", e)


sys.setrecursionlimit(200)


class Chain:
    def __init__(self, n):
        self.next = Chain(n - 1) if n else None


def length(c):
    n = 0
    while c is not None:
        n, c = n + 1, c.next
    return n


print(length(Chain(30)))
depth = 0


class Deep:
    def __init__(self):
        global depth
        depth += 1
        Deep()


try:
    Deep()
except RecursionError as e:
    print("RecursionError:", e, depth)
