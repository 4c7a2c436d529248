def make_adders():
    return {n: (lambda x, n=n: x + n) for n in range(3)}
adders = make_adders()
print({k: f(10) for k, f in adders.items()})
def outer(k):
    return lambda *a, **kw: (k, a, kw)
print(outer("K")(1, z=2))
key = lambda pair: (pair[1], pair[0])
print(sorted([("b", 2), ("a", 2), ("c", 1)], key=key))
