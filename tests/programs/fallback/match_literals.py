def describe(x):
    match x:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case "hello":
            return "greeting"
        case None:
            return "none"
        case True:
            return "true"
        case _:
            return f"other {x!r}"
for v in (0, 2, "hello", None, True, 99, 1.0):
    print(v, describe(v))
