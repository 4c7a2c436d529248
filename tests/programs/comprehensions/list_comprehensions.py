print([x * 2 for x in range(5)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[i * j for j in range(4)] for i in range(3)])
print([c.upper() for c in "hello" if c not in "aeiou"])
print([v if v > 0 else 0 for v in (-2, 3, -1, 5)])
m = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*m)], [x for row in m for x in row])
