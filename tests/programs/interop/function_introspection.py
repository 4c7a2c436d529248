import inspect
def f(a, b: int = 2, *args, c, d="x", **kw) -> str:
    """Doc."""
    local = a
    return str(local)
sig = inspect.signature(f)
print(sig)
print([(p.name, p.kind.name, p.default) for p in sig.parameters.values() if p.default is not inspect.Parameter.empty])
print(sig.return_annotation, sig.bind(1, c=3).arguments)
print(f.__defaults__, f.__kwdefaults__, f.__code__.co_varnames, f.__name__, f.__qualname__, f.__doc__)
print(f.__dict__, f.__closure__, f.__module__, f.__annotations__)
def outer():
    x = 1
    def inner(y):
        return x + y
    return inner
i = outer()
print(i.__closure__[0].cell_contents, i.__qualname__, inspect.signature(i))
print(inspect.getsource(outer).splitlines()[0])
print(inspect.isfunction(f), inspect.ismethod(f), callable(f), inspect.getdoc(f))
