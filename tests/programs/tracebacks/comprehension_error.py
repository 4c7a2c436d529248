# fivefold: exit=1
rows = [[1, 2], [3], [4, 5]]
print([r[0] for r in rows])
print({i: r[1] for i, r in enumerate(rows)})
