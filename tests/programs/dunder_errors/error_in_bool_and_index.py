class BadBool:
    def __bool__(self):
        raise ValueError("no truth")
for op in (lambda: bool(BadBool()), lambda: not BadBool(), lambda: 1 if BadBool() else 2,
           lambda: BadBool() and 1, lambda: [x for x in [BadBool()] if x], lambda: any([BadBool()])):
    try:
        op()
    except ValueError as e:
        print("ValueError:", e)
class BadIndex:
    def __index__(self):
        raise ArithmeticError("no index")
for op in (lambda: [1][BadIndex()], lambda: range(BadIndex()), lambda: "ab" * BadIndex(), lambda: hex(BadIndex())):
    try:
        op()
    except ArithmeticError as e:
        print("ArithmeticError:", e)
