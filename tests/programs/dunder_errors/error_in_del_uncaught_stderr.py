import sys
def hook(u):
    # The default hook prints the function's address; print what is deterministic.
    print("unraisable:", type(u.exc_value).__name__, u.exc_value, "in", getattr(u.object, "__qualname__", u.object))
sys.unraisablehook = hook
class Leaky:
    def __del__(self):
        raise ValueError("from __del__ at exit")
keep = Leaky()
def f():
    tmp = Leaky()
f()
print("main finished; the global is collected at shutdown")
