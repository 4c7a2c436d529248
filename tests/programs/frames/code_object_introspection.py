def f(a, b, *args, c, d=1, **kw):
    x = a + b
    def inner():
        return x
    return inner
co = f.__code__
print(co.co_name, co.co_argcount, co.co_kwonlyargcount, co.co_varnames, co.co_cellvars)
print(co.co_nlocals, co.co_firstlineno, co.co_filename == __file__, bool(co.co_flags & 0x04), bool(co.co_flags & 0x08))
inner = f(1, 2, c=3)
print(inner.__code__.co_freevars, inner.__code__.co_qualname)
g = lambda: 0
print(g.__code__.co_name, g.__code__.co_qualname)
print([l for l in co.co_lines()][0][2] == co.co_firstlineno)
