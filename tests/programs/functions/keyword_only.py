def f(a, *, b, c=3):
    return a, b, c
print(f(1, b=2), f(1, c=0, b=1))
print(f.__kwdefaults__)
def g(*args, sep="-", end="!"):
    return sep.join(map(str, args)) + end
print(g(1, 2, 3), g("a", sep="+", end="?"))
def h(*, only):
    return only
print(h(only="k"))
try:
    f(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    h()
except TypeError as e:
    print("TypeError:", e)
