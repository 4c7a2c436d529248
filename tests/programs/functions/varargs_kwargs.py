def f(*args, **kwargs):
    print(type(args).__name__, args, type(kwargs).__name__, sorted(kwargs.items()))
f()
f(1, 2)
f(a=1)
f(1, *[2, 3], b=2, **{"c": 3})
def g(first, *rest):
    return first, rest
print(g(1), g(1, 2, 3), g(*"abc"))
def kw_only(**kw):
    kw["added"] = True
    return kw
d = {"x": 1}
print(kw_only(**d), d)
def forward(*a, **k):
    return f(*a, **k)
forward(9, z=8)
