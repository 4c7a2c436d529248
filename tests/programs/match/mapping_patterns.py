import collections
import collections.abc
import types


def read(x):
    match x:
        case {"kind": "point", "x": px, "y": py}:
            return f"point {px},{py}"
        case {"kind": "circle", "r": r, **extra}:
            return f"circle r={r} extra={extra}"
        case {"kind": kind, **rest} if not rest:
            return f"bare {kind}"
        case {1: one, 2.0: two}:
            return f"numeric keys {one} {two}"
        case {}:
            return f"some other mapping with {len(x)} keys"
        case _:
            return f"not a mapping: {type(x).__name__}"


subjects = [{"kind": "point", "x": 1, "y": 2, "z": 3}, {"kind": "circle", "r": 5},
            {"kind": "circle", "r": 5, "color": "red", 7: "seven"}, {"kind": "thing"},
            {"kind": "thing", "a": 1}, {1: "a", 2: "b"}, {1.0: "x", 2: "y"}, {True: "t", 2: 2},
            {}, collections.OrderedDict(kind="point", x=0, y=0),
            types.MappingProxyType({"kind": "circle", "r": 1}), [("kind", "point")], "kind", None]
for s in subjects:
    print(read(s))


class Counting(collections.defaultdict):
    """A defaultdict: matching must not create keys (3.11 uses .get)."""


d = Counting(list, {"a": 1})
match d:
    case {"a": 1, "missing": m}:
        print("unreachable", m)
    case {"a": a}:
        print("a is", a)
print("keys after matching:", sorted(d))


class LoggingMapping(collections.abc.Mapping):
    def __init__(self, data):
        self.data = data

    def __getitem__(self, key):
        print(f"  __getitem__({key!r})")
        return self.data[key]

    def __iter__(self):
        print("  __iter__")
        return iter(self.data)

    def __len__(self):
        print("  __len__")
        return len(self.data)

    def get(self, key, default=None):
        print(f"  get({key!r})")
        return self.data.get(key, default)


match LoggingMapping({"x": 1, "y": 2}):
    case {"x": x, **others}:
        print("x", x, "others", others)

match LoggingMapping({"x": 1}):
    case {"x": 1, "y": _}:
        print("unreachable")
    case {"x": _}:
        print("fell through to the second case")


class Keys:
    A = "a"
    B = "a"   # the same key as A: a duplicate found at run time


try:
    match {"a": 1, "b": 2}:
        case {Keys.A: 1, Keys.B: 1}:
            print("unreachable")
except ValueError as e:
    print("ValueError:", e)


class Unhashable:
    KEY = ["list", "key"]


try:
    match {"a": 1}:
        case {Unhashable.KEY: v}:
            print("unreachable")
except TypeError as e:
    print("TypeError:", e)


class GetRaises(dict):
    def get(self, key, default=None):
        raise LookupError(f"get({key!r}) refused")


try:
    match GetRaises(a=1):
        case {"a": v}:
            print("unreachable")
except LookupError as e:
    print("LookupError:", e)

match GetRaises(a=1):
    case {**everything}:
        print("no keys means no get():", everything)
