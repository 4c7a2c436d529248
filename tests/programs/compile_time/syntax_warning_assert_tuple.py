def check(v):
    assert (v > 0, "v must be positive")
    return v
print(check(-1), "assert on a tuple is always true")
