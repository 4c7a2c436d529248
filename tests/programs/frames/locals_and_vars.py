def f(x):
    y = x + 1
    l1 = locals()
    z = 3
    l2 = locals()
    return sorted(l1), sorted(l2), l1 is l2
print(f(1))
def g():
    a = 1
    return vars()
print(g())
class C:
    u = 1
    v = sorted(vars())
print(C.v)
print(vars() is globals(), locals() is globals())
def with_closure():
    free = "free"
    def inner():
        return sorted(locals().items())
    return inner()
print(with_closure())
def comprehension_locals():
    n = 5
    return [sorted(locals()) for i in range(1)]
print(comprehension_locals())
