import itertools
def source():
    for i in range(5):
        print("source", i)
        yield i
a, b = itertools.tee(source())
print(next(a), next(a), next(b))
print(list(b), list(a))
print(list(itertools.chain.from_iterable((range(i) for i in range(4)))))
print(list(itertools.compress("abcdef", [1, 0, 1, 0, 1, 1])), list(itertools.repeat("x", 3)))
counter = itertools.count(10, 5)
print([next(counter) for _ in range(4)], list(itertools.islice(itertools.cycle("ab"), 5)))
