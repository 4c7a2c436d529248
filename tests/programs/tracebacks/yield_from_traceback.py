# fivefold: exit=1
def inner():
    yield 1
    return 1 // 0
def outer():
    result = yield from inner()
    yield result
print(list(outer()))
