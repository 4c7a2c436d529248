def inner(tag):
    yield f"{tag}1"
    yield f"{tag}2"
    return f"{tag}-result"
def outer():
    r1 = yield from inner("a")
    print("inner a returned", r1)
    r2 = yield from inner("b")
    print("inner b returned", r2)
    yield from [10, 20]
    yield from range(2)
    return "outer done"
g = outer()
print(list(g))
def flatten(x):
    if isinstance(x, list):
        for y in x:
            yield from flatten(y)
    else:
        yield x
print(list(flatten([1, [2, [3, [4]], 5]])))
