import sys
def hook(u):
    # The default hook prints the function's address; print what is deterministic.
    print("unraisable:", type(u.exc_value).__name__, u.exc_value, "in", getattr(u.object, "__qualname__", u.object))
sys.unraisablehook = hook
import gc
class Noisy:
    def __init__(self, name):
        self.name = name
    def __del__(self):
        print("__del__", self.name)
        raise RuntimeError(f"error in __del__ of {self.name}")
def scope():
    n = Noisy("local")
    print("leaving scope")
scope()
x = Noisy("global")
del x
gc.collect()
print("program continues after ignored __del__ errors")
