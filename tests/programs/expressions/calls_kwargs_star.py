def f(a, b, c=3, *args, d, e=5, **kw):
    print(a, b, c, args, d, e, sorted(kw.items()))
f(1, 2, d=4)
f(1, 2, 3, 4, 5, d=6, x=7)
args = [10, 20, 30, 40]
kw = {"d": 1, "y": 2}
f(*args, **kw)
f(*args[:2], c=0, **{"d": 9}, z=1)
f(1, *[2], *(3, 4), d=0, **{"e": 8}, **{"q": 1})
print(max(*[3, 9, 2]), min([4, 1], key=lambda x: -x), sorted([3, 1, 2], reverse=True))
print(dict(a=1, **{"b": 2}), list(map(lambda *a: a, [1, 2], "xy")))
