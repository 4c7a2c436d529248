import sys
def inner():
    yield sys.exc_info()[0]
    try:
        raise KeyError("k")
    except KeyError:
        yield sys.exc_info()[0]
    yield sys.exc_info()[0]
for _ in range(3):
    try:
        raise ValueError("outer")
    except ValueError:
        print([t.__name__ if t else None for t in inner()], sys.exc_info()[0].__name__)
    print([t.__name__ if t else None for t in inner()])
def nested(n):
    if n:
        for v in nested(n - 1):
            yield v + 1
    else:
        yield 0
print(list(nested(50)), sum(nested(100)))
def closer():
    try:
        yield 1
    except GeneratorExit:
        print("closed")
        raise
g = closer()
for v in g:
    break
g.close()
print(g.gi_frame, g.gi_running)
