def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i, x in enumerate(items):
        for p in perms(items[:i] + items[i + 1:]):
            yield [x] + p
print(list(perms([1, 2, 3])))
def combinations(items, k):
    if k == 0:
        yield ()
        return
    for i in range(len(items)):
        for rest in combinations(items[i + 1:], k - 1):
            yield (items[i],) + rest
print(list(combinations("abcd", 2)))
def hanoi(n, a="A", b="B", c="C"):
    if n:
        yield from hanoi(n - 1, a, c, b)
        yield a, c
        yield from hanoi(n - 1, b, a, c)
print(list(hanoi(3)))
