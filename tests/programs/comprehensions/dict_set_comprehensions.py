words = "the quick brown fox jumps over the lazy dog".split()
print({w: len(w) for w in words})
print({len(w) for w in words}, sorted({w[0] for w in words}))
print({k: v for k, v in zip("abc", range(3)) if v})
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv, {i: {j for j in range(i)} for i in range(4)})
print({(x, y): x * y for x in range(2) for y in range(2)})
