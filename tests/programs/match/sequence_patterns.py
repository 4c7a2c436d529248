import array
import collections
import collections.abc


def shape(x):
    match x:
        case []:
            return "empty"
        case [a]:
            return f"one {a!r}"
        case [a, b]:
            return f"two {a!r} {b!r}"
        case [a, *middle, z] if len(middle) > 2:
            return f"long {a!r}..{z!r} ({len(middle)} between)"
        case [a, *rest]:
            return f"head {a!r} rest {rest!r}"
        case _:
            return f"not a sequence: {type(x).__name__}"


subjects = [[], (), [1], (1,), [1, 2], (1, 2, 3), list(range(7)), range(3), range(10),
            collections.deque([4, 5, 6]), array.array("i", [7, 8]), memoryview(b"xy"),
            "str", b"bytes", bytearray(b"ba"), {1: 2}, {1, 2}, iter([1, 2]), 42, None]
for s in subjects:
    print(shape(s))


def ends(x):
    match x:
        case [*_, last]:
            return f"last {last!r}"
        case [*_]:
            return "empty sequence"


class OnlyNonNegative(collections.abc.Sequence):
    """A sequence that refuses negative indices: `[*_, last]` must not use them."""

    def __init__(self, *items):
        self.items = items

    def __len__(self):
        print("  len() called")
        return len(self.items)

    def __getitem__(self, i):
        print(f"  [{i}] called")
        if i < 0:
            raise IndexError("negative index")
        return self.items[i]


print(ends([1, 2, 3]), ends(()), ends(OnlyNonNegative("p", "q", "r")))


def wildcards(x):
    match x:
        case [_, _, *_, _]:
            return "at least three"
        case [_, *_]:
            return "at least one"
        case [*_]:
            return "any sequence"
    return "not a sequence"


for s in [[1, 2, 3], [1, 2], [], "abc", 3]:
    print(repr(s), wildcards(s))


def nested(x):
    match x:
        case [[a, b], [c, [d, *e]]]:
            return a, b, c, d, e
        case ([x1, y1], *others) if others:
            return "pairs", x1, y1, others
        case _:
            return "nope"


print(nested([[1, 2], [3, [4, 5, 6]]]))
print(nested(([1, 2], "a", "b")))
print(nested([[1, 2], [3, 4]]))


class BadLen(collections.abc.Sequence):
    def __len__(self):
        raise ValueError("len failed")

    def __getitem__(self, i):
        return i


try:
    match BadLen():
        case [a, b]:
            print("unreachable")
except ValueError as e:
    print("ValueError:", e)


class BadItem(collections.abc.Sequence):
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i == 2:
            raise KeyError(i)
        return i


try:
    match BadItem():
        case [a, b, c]:
            print("unreachable")
except KeyError as e:
    print("KeyError:", e)

try:
    match BadItem():
        case [first, *_]:
            print("first item only:", first)
except KeyError as e:
    print("KeyError:", e)
