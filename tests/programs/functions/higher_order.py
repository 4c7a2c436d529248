from functools import reduce
def apply_n(f, n, x):
    for _ in range(n):
        x = f(x)
    return x
print(apply_n(lambda v: v * 2, 10, 1))
def pipeline(*fs):
    def run(x):
        for f in fs:
            x = f(x)
        return x
    return run
p = pipeline(str.strip, str.upper, lambda s: s + "!")
print(p("  hi "))
print(reduce(lambda a, b: a * b, range(1, 10)), list(map(lambda x, y: x - y, [5, 6], [1, 2])))
def curry(f):
    def c(a):
        def d(b):
            return f(a, b)
        return d
    return c
print(curry(pow)(2)(16))
