import sys
def show():
    t, v, tb = sys.exc_info()
    return (t.__name__ if t else None, str(v) if v else None, tb is not None)
print(show())
try:
    raise KeyError("outer")
except KeyError:
    print(show(), repr(sys.exception()))
    try:
        raise ValueError("inner")
    except ValueError:
        print(show())
    print(show())
print(show(), sys.exception())
def gen():
    try:
        raise TypeError("in gen")
    except TypeError:
        yield show()
        yield show()
g = gen()
print(next(g))
print(show())
print(next(g))
