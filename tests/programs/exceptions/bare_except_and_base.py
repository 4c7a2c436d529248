import sys
def f(kind):
    try:
        if kind == "exit":
            sys.exit(3)
        if kind == "kbd":
            raise KeyboardInterrupt
        if kind == "gen":
            raise GeneratorExit
        raise ValueError(kind)
    except Exception as e:
        return "Exception: " + repr(e)
    except BaseException as e:
        return "BaseException: " + repr(e)
for k in ("value", "exit", "kbd", "gen"):
    print(f(k))
try:
    raise ArithmeticError("bare")
except:
    print("bare except:", sys.exc_info()[0].__name__, sys.exc_info()[1])
print(sys.exc_info())
