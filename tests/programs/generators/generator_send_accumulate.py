def running_stats():
    n = 0
    total = 0.0
    lo = hi = None
    while True:
        x = yield {"n": n, "mean": total / n if n else None, "min": lo, "max": hi}
        if x is None:
            continue
        n += 1
        total += x
        lo = x if lo is None else min(lo, x)
        hi = x if hi is None else max(hi, x)
s = running_stats()
print(next(s))
for v in [4, 8, 15, 16, 23, 42]:
    print(s.send(v))
print(next(s))
