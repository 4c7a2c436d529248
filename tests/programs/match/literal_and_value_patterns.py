import enum
import math


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Limits:
    LOW = -5
    HIGH = 10**20


def classify(x):
    match x:
        case None:
            return "None"
        case True:
            return "True (identity)"
        case False:
            return "False (identity)"
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 1.5 | -2.25:
            return "a float"
        case 3j | -1 + 2j | 1 - 2j:
            return "a complex"
        case "ab" "cd":
            return "implicitly concatenated"
        case "":
            return "empty string"
        case b"raw":
            return "bytes"
        case Color.RED:
            return "red"
        case Limits.LOW | Limits.HIGH:
            return "a limit"
        case math.pi:
            return "pi"
        case _:
            return f"no literal matched {x!r}"


for value in [None, True, False, 0, 0.0, -0.0, 1, -1, 1.5, -2.25, 3j, -1 + 2j, 1 - 2j,
              "abcd", "", b"raw", bytearray(b"raw"), Color.RED, Color.GREEN, 1,
              -5, 10**20, math.pi, "other", 2.0, [0]]:
    print(repr(value), "->", classify(value))


class Weird:
    """__eq__ decides value patterns, with the subject on the right."""

    def __init__(self, tag):
        self.tag = tag

    def __eq__(self, other):
        print(f"  Weird({self.tag}).__eq__({other!r})")
        return other == "match me"

    __hash__ = None


def against_weird(subject):
    match subject:
        case Limits.LOW:
            return "low"
        case "match me":
            return "string literal"
        case _:
            return "nothing"


print(against_weird(Weird("a")))
print(against_weird("match me"))


class NotBool:
    def __eq__(self, other):
        return NotBool()

    def __bool__(self):
        raise RuntimeError("truth of a comparison result")


try:
    match NotBool():
        case 1:
            print("unreachable")
except RuntimeError as e:
    print("RuntimeError:", e)
