def show(**kw):
    return list(kw.items())
print(show(b=1, a=2, c=3), show(**{"z": 1, "y": 2}, x=3))
def f(a, b, c):
    return a, b, c
print(f(c=3, a=1, b=2), f(1, c=3, b=2))
def order(*args, **kwargs):
    return args, kwargs
print(order(1, 2, x=3, **{"y": 4}), order(*"ab", *"cd", **dict(k=1), **{"j": 2}))
try:
    f(1, 2, 3, **{"a": 9})
except TypeError as e:
    print("TypeError:", e)
try:
    show(**{"a": 1}, **{"a": 2})
except TypeError as e:
    print("TypeError:", e)
try:
    show(**{1: 2})
except TypeError as e:
    print("TypeError:", e)
