import itertools
def key(w):
    return w[0]
words = ["apple", "avocado", "banana", "blueberry", "cherry"]
for k, grp in itertools.groupby(words, key=key):
    print(k, list(grp))
print(list(itertools.accumulate([1, 2, 3, 4], lambda a, b: a * b)))
print(list(itertools.filterfalse(lambda x: x % 3, range(10))))
print(list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 4, 1])))
print(list(itertools.product("ab", repeat=2)), list(itertools.permutations([1, 2, 3], 2))[:3])
print(list(itertools.zip_longest("ab", [1], fillvalue="-")), list(itertools.pairwise("abcd")))
