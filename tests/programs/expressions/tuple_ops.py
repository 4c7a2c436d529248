t = (1, "two", 3.0, [4])
print(t, len(t), t[1], t[-1][0], t + (5,), t * 2)
print(t.index("two"), (1, 1, 2).count(1), (1,) == (1,), () < (0,))
a, b, c, d = t
print(a, b, c, d)
t[3].append(5)
print(t)
print(tuple("abc"), tuple(range(3)), tuple(x * 2 for x in range(3)))
print(hash((1, 2)) == hash((1, 2)), (1, 2) in {(1, 2): 0})
