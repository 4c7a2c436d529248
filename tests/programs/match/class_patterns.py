import collections
import dataclasses


@dataclasses.dataclass
class Point:
    x: int
    y: int


Pair = collections.namedtuple("Pair", "left right")


class NoMatchArgs:
    def __init__(self):
        self.a = 1


class ListMatchArgs:
    __match_args__ = ["a"]
    a = 1


class NonStringMatchArgs:
    __match_args__ = ("a", 2)
    a = 1


class Repeats:
    __match_args__ = ("a", "a")
    a = 1


class Prop:
    __match_args__ = ("ok", "missing", "broken")

    @property
    def ok(self):
        return "fine"

    @property
    def missing(self):
        raise AttributeError("not here")

    @property
    def broken(self):
        raise ZeroDivisionError("broken property")


class MyInt(int):
    pass


class MyStrWithArgs(str):
    __match_args__ = ("upper",)


def describe(obj):
    match obj:
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=y):
            return f"on the y axis at {y}"
        case Point(x, y=yy) if x == yy:
            return f"diagonal {x}"
        case Pair(left, Pair() as right):
            return f"nested pair {left} {right}"
        case Pair(left=l, right=r):
            return f"pair {l} {r}"
        case bool(b):
            return f"bool {b}"
        case MyInt(n):
            return f"MyInt {n}"
        case int(n) if n < 0:
            return f"negative {n}"
        case int(n) | float(n):
            return f"number {n}"
        case MyStrWithArgs(u):
            return f"str subclass, upper method {u.__name__}"
        case str(s):
            return f"str {s}"
        case bytes(b) | bytearray(b):
            return f"bytes-like {b!r}"
        case list([1, *rest]):
            return f"list starting with 1, rest {rest}"
        case tuple(t) | frozenset(t) | set(t) | dict(t):
            return f"{type(t).__name__} {t!r}"
        case object(__class__=cls):
            return f"some {cls.__name__}"


for obj in [Point(0, 0), Point(0, 4), Point(3, 3), Point(1, 2), Pair(1, Pair(2, 3)), Pair(1, 2),
            True, MyInt(5), -3, 7, 2.5, MyStrWithArgs("abc"), "text", b"b", bytearray(b"ba"),
            [1, 2, 3], [2], (1,), frozenset({1}), {1}, {1: 2}, None]:
    print(describe(obj))

for cls, arg in [(NoMatchArgs, None), (ListMatchArgs, None), (NonStringMatchArgs, None),
                 (Repeats, None), (Prop, None)]:
    subject = cls()
    try:
        match subject:
            case NoMatchArgs(a):
                print("NoMatchArgs positional matched", a)
            case ListMatchArgs(a):
                print("ListMatchArgs matched", a)
            case NonStringMatchArgs(a, b):
                print("NonStringMatchArgs matched", a, b)
            case Repeats(a, b):
                print("Repeats matched", a, b)
            case Prop(ok, missing):
                print("Prop matched", ok, missing)
            case Prop(ok, ok=again):
                print("unreachable", ok, again)
            case _:
                print(cls.__name__, "matched nothing")
    except Exception as e:
        print(cls.__name__, type(e).__name__, e)

match Prop():
    case Prop(ok=o):
        print("keyword only:", o)

try:
    match Prop():
        case Prop(ok=o, broken=b):
            print("unreachable")
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)

try:
    match Prop():
        case Prop(o, missing=m):
            print("unreachable")
        case Prop(o, ok=o2):
            print("unreachable")
except TypeError as e:
    print("TypeError:", e)

try:
    match 5:
        case int(a, b):
            print("unreachable")
except TypeError as e:
    print("TypeError:", e)

try:
    match Point(1, 2):
        case Point(1, 2, 3):
            print("unreachable")
except TypeError as e:
    print("TypeError:", e)


class Meta(type):
    def __instancecheck__(cls, instance):
        print(f"  isinstance({instance!r}, {cls.__name__})")
        return isinstance(instance, int)


class AnyInt(metaclass=Meta):
    __match_args__ = ("real",)


match 12:
    case AnyInt(r):
        print("AnyInt matched", r)

not_a_class = len
try:
    match 1:
        case not_a_class():
            print("unreachable")
except TypeError as e:
    print("TypeError:", e)


class InstanceCheckRaises(type):
    def __instancecheck__(cls, instance):
        raise RuntimeError("no isinstance today")


class Guarded(metaclass=InstanceCheckRaises):
    pass


try:
    match 1:
        case Guarded():
            print("unreachable")
except RuntimeError as e:
    print("RuntimeError:", e)
