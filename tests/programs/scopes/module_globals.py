import sys
X = 1
def f():
    return X
print(f())
X = 2
print(f())
globals()["Y"] = "via globals()"
print(Y)
g = globals()
print(g is globals(), __name__, "f" in g, type(g).__name__)
print(sys.modules[__name__].X, __builtins__.__name__ if hasattr(__builtins__, "__name__") else "dict")
def set_via_dict():
    globals()["Z"] = 26
set_via_dict()
print(Z)
