pairs = {"a": 1, "b": 2}
for k, v in pairs.items():
    print(k, v)
for i, (k, v) in enumerate(sorted(pairs.items())):
    print(i, k, v)
points = [(1, 2, 3), (4, 5, 6)]
for x, *yz in points:
    print(x, yz)
def f(a, b, c):
    return a * 100 + b * 10 + c
print([f(*p) for p in points], f(**{"c": 1, "a": 2, "b": 3}))
