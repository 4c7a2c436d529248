grid = [[(r * c) % 10 for c in range(12)] for r in range(8)]
for row in grid:
    print(" ".join(str(v) for v in row))
print(list(range(100)))
print("x" * 200)
print({i: i * i for i in range(25)})
