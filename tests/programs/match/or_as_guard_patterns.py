calls = []


def check(tag, result):
    calls.append(tag)
    return result


def route(x):
    match x:
        case (a, b, "ab") | [b, a, "ba"] | {"a": a, "b": b}:
            return f"a={a} b={b}"
        case ((1 | 2) as small, (3 | 4) as medium) if check("small-medium", small < medium):
            return f"small {small} medium {medium}"
        case [("x" | "y") as axis, int() | float() as value]:
            return f"axis {axis} value {value}"
        case str() as s if check("long str", len(s) > 3):
            return f"long str {s}"
        case str() as s if check("short str", True):
            return f"short str {s}"
        case other if check("catch-all", other is not None):
            return f"other {other!r}"
    return "fell off the end"


for x in [(1, 2), (1, 2, "ab"), [1, 2, "ba"], [1, 2, 3], {"a": 5, "b": 6, "c": 7}, (2, 3), [1, 3, 9], ["x", 1.5],
          ["y", "no"], "hello", "hi", 3.25, None]:
    calls.clear()
    print(repr(x), "->", route(x), "| guards run:", calls)


def bound_after_failed_guard(x):
    match x:
        case [first, second] if first > second:
            return "descending"
        case _:
            pass
    # The names were bound before the guard failed: CPython leaves them bound.
    return f"fell through with first={first} second={second}"


print(bound_after_failed_guard([3, 1]))
print(bound_after_failed_guard([1, 3]))
try:
    print(bound_after_failed_guard("xy"))
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def guard_raises(x):
    match x:
        case n if 1 / n > 0.5:
            return "big reciprocal"
        case n:
            return f"small reciprocal {n}"


print(guard_raises(1), guard_raises(4))
try:
    guard_raises(0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


def walrus_guard(items):
    out = []
    for item in items:
        match item:
            case [*values] if (total := sum(values)) > 10:
                out.append(("big", total))
            case [*values]:
                out.append(("small", total))
            case _:
                out.append(("?", None))
    return out


print(walrus_guard([[5, 6], [1], "s"]))


def nested_or(x):
    match x:
        case [(0 | 1) | (2 | 3) as six, *_] | [_, (4 | (5 | 6) as six)]:
            return f"nested alternatives bound {six}"
        case ((("deep" as d))):
            return f"parenthesised as {d}"
    return "none"


for x in [[0], [3, 9], [9, 5], [9, 4], "deep", [7]]:
    print(x, nested_or(x))


def irrefutable_last(x):
    match x:
        case 1:
            return "one"
        case y if y == 2:
            return "two by guard"
        case y:
            return f"anything else {y}"


print(irrefutable_last(1), irrefutable_last(2), irrefutable_last(3))


def guard_order(x):
    log = []
    match x:
        case [a, b] if log.append("guard 1") or a:
            log.append("body 1")
        case [a, b] if log.append("guard 2") or b:
            log.append("body 2")
        case _ if log.append("guard 3"):
            log.append("body 3")
        case _:
            log.append("default")
    return log


print(guard_order([1, 0]), guard_order([0, 1]), guard_order([0, 0]), guard_order(5))
