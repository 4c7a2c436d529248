# fivefold: exit=1
def apply(fn, *args):
    return fn(*args)
def add(a, b):
    return a + b
print(apply(add, 1, 2))
print(apply(add, 1, "two"))
