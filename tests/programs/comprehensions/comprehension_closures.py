def outer():
    base = 100
    fs = [lambda k=k: base + k for k in range(3)]
    base = 200
    return [f() for f in fs]
print(outer())
def counter():
    total = 0
    def add(xs):
        nonlocal total
        total += sum([x for x in xs])
        return total
    return add
a = counter()
print(a([1, 2]), a(range(5)))
adders = {name: (lambda v, n=n: v + n) for n, name in enumerate("abc")}
print({k: f(10) for k, f in adders.items()})
