import dis
def f(x):
    return x + 1
print(f.__code__.co_consts, f.__code__.co_names, f.__code__.co_stacksize >= 2)
print(callable(getattr(f, "__call__")), f.__call__(1), f.__get__(None, type(None)) is f)
print(type(f).__name__, f.__class__ is type(lambda: 0), f.__builtins__ is __builtins__.__dict__ if hasattr(__builtins__, "__dict__") else True)
