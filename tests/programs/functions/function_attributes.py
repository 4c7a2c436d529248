def f(a, b=2, *, c=3):
    """Doc of f."""
    x = a + b
    return x
print(f.__name__, f.__qualname__, f.__doc__, f.__module__)
print(f.__defaults__, f.__kwdefaults__, f.__code__.co_varnames, f.__code__.co_name)
f.custom = "attr"
print(f.custom, sorted(f.__dict__))
f.__defaults__ = (100,)
print(f(1))
f.__name__ = "renamed"
print(f.__name__)
def nodoc(): pass
print(nodoc.__doc__, nodoc(), nodoc.__code__.co_argcount, nodoc.__globals__ is globals())
