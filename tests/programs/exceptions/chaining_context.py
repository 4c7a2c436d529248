def f():
    try:
        {}["x"]
    except KeyError:
        raise ValueError("during handling")
try:
    f()
except ValueError as e:
    print(repr(e), repr(e.__context__), e.__cause__, e.__suppress_context__)
def g():
    try:
        1 / 0
    finally:
        pass
try:
    try:
        g()
    except ZeroDivisionError:
        [][0]
except IndexError as e:
    print(repr(e), "context:", repr(e.__context__))
try:
    try:
        raise TypeError("a")
    except TypeError:
        try:
            raise ValueError("b")
        except ValueError:
            raise KeyError("c")
except KeyError as e:
    chain = []
    while e is not None:
        chain.append(repr(e))
        e = e.__context__
    print(" <- ".join(chain))
