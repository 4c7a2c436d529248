# fivefold: exit=1
def invariant(xs):
    assert sorted(xs) == xs, f"not sorted: {xs}"
    return xs
invariant([1, 2, 3])
invariant([3, 1, 2])
