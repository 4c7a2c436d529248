def gen(n, *extra, step=1):
    i = 0
    while i < n:
        yield i
        i += step
    yield from extra
print(list(gen(5)), list(gen(10, "a", "b", step=3)))
