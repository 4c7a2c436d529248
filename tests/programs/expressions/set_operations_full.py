a, b = {1, 2, 3, 4}, {3, 4, 5}
print(a | b, a & b, a - b, b - a, a ^ b, a <= b, a >= {1, 2}, a < a, a.isdisjoint({9}))
print(a.union([7], (8,)), a.intersection(range(3)), a.difference({1}), a.symmetric_difference([4, 10]))
c = set(a)
c.update("xy"); c.intersection_update({1, 2, "x"}); print(sorted(c, key=str))
c.difference_update({1}); c.symmetric_difference_update({2, 99}); print(sorted(c, key=str))
fs = frozenset([1, 2])
print(fs | {3}, type(fs | {3}).__name__, type({3} | fs).__name__, {fs: "frozen key"}[frozenset({2, 1})])
try:
    {[1]}
except TypeError as e:
    print("TypeError:", e)
