def f(a, b=2):
    c = a + b
    snapshot = locals()
    return sorted(snapshot.items())
print(f(1))
def g():
    x = 1
    def inner():
        return x
    return sorted(locals())
print(g())
class K:
    p = 1
    q = sorted(locals())
print(K.q)
print(sorted(k for k in locals() if not k.startswith("__")) == sorted(k for k in globals() if not k.startswith("__")))
