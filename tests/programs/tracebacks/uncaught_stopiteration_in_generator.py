# fivefold: exit=1
def pairs(it):
    it = iter(it)
    while True:
        yield next(it), next(it)
print(list(pairs([1, 2, 3, 4, 5])))
