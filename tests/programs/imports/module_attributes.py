import _helper_module as h
print(h.__name__, h.__doc__, sorted(k for k in vars(h) if not k.startswith("__")))
h.VALUE = 7
import _helper_module
print(_helper_module.VALUE)
def where():
    return where.__module__, where.__globals__["__name__"]
print(where(), h.greet.__module__, h.greet.__globals__ is vars(h))
