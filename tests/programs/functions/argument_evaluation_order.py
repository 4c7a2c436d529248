def v(x):
    print("eval", x)
    return x
def f(*a, **k):
    return a, k
print(f(v(1), v(2), *[v(3)], k=v(4), **{"z": v(5)}))
d = {v("k1"): v("v1"), v("k2"): v("v2")}
print(d)
print([v("a"), v("b")][v(0)])
x = v(10) + v(20) * v(30)
print(x)
v("obj").__class__, v("second")
