squares = (x * x for x in range(6))
print(type(squares).__name__, next(squares), next(squares), list(squares), list(squares))
print(sum(x for x in range(101)), max(len(w) for w in "a bb ccc".split()))
pairs = ((a, b) for a in range(3) for b in "xy" if a != 1)
print(list(pairs))
nested = (sum(row) for row in ([i * j for j in range(3)] for i in range(4)))
print(list(nested))
x = 10
g = (x + i for i in range(3))
x = 100
print(list(g))
print(dict((k, len(k)) for k in ["ab", "c"]), sorted((-v for v in {3, 1, 2})))
print(any(print("checked", v) or v > 1 for v in range(5)))
