sq = lambda x: x * x
add = lambda a, b=10, *c, d=1, **e: (a, b, c, d, e)
print(sq(7), add(1), add(1, 2, 3, d=4, z=5))
print((lambda: "no args")(), (lambda *a: len(a))(1, 2, 3))
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
gs = [lambda x: x + i for i in range(3)]
print([g(10) for g in gs])
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)))
print(sq.__name__, (lambda: 0).__qualname__)
compose = lambda f, g: lambda x: f(g(x))
print(compose(sq, lambda x: x + 1)(4))
