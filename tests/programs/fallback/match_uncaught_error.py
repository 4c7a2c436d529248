# fivefold: exit=1
def evaluate(expr):
    match expr:
        case ("div", a, b):
            return evaluate(a) / evaluate(b)
        case ("num", n):
            return n
        case _:
            raise ValueError(f"bad expression {expr!r}")
print(evaluate(("div", ("num", 6), ("num", 3))))
print(evaluate(("div", ("num", 1), ("num", 0))))
