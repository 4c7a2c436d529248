from functools import reduce
def square(x):
    return x * x
def is_odd(x):
    return x % 2 == 1
def add(a, b):
    print("add", a, b)
    return a + b
print(list(map(square, range(6))), list(filter(is_odd, range(10))))
print(reduce(add, [1, 2, 3, 4]), reduce(add, [], "init"))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])))
def fails(x):
    if x == 3:
        raise KeyError(x)
    return x
try:
    print(list(map(fails, range(5))))
except KeyError as e:
    print("KeyError from map:", e)
print(sorted(filter(None, map(is_odd, [1, 2, 3]))))
