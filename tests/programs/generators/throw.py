def worker():
    while True:
        try:
            x = yield "ready"
            print("working on", x)
        except ValueError as e:
            print("worker handled", e)
            yield "recovered"
        except KeyError:
            print("worker got KeyError, finishing")
            return "finished"
g = worker()
print(next(g))
print(g.send(1))
print(g.throw(ValueError("bad input")))
print(next(g))
try:
    g.throw(KeyError("k"))
except StopIteration as e:
    print("stopped with", e.value)
def no_handler():
    yield 1
    yield 2
g = no_handler()
next(g)
try:
    g.throw(IndexError, IndexError("boom"))
except IndexError as e:
    print("propagated", repr(e))
print(list(g))
