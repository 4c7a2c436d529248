def f(a, b, /, c, *, d):
    return a, b, c, d
print(f(1, 2, 3, d=4), f(1, 2, c=3, d=4))
try:
    f(a=1, b=2, c=3, d=4)
except TypeError as e:
    print("TypeError:", e)
def g(x, /, **kw):
    return x, kw
print(g(1, x=2))
def h(a, b=2, /, c=3):
    return a + b + c
print(h(1), h(1, 5), h(1, 5, 6), h(1, c=10))
print(f.__code__.co_posonlyargcount, f.__code__.co_kwonlyargcount, f.__code__.co_argcount)
