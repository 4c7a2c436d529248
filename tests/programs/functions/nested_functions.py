def level1(a):
    def level2(b):
        def level3(c):
            return a + b + c
        return level3
    return level2
print(level1(1)(2)(3))
print(level1(1).__qualname__, level1(1)(2).__qualname__)
def outer():
    def inner():
        return "inner"
    return inner.__name__, inner.__qualname__, inner()
print(outer())
def memo(f):
    cache = {}
    def g(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    g.cache = cache
    return g
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), len(fib.cache))
