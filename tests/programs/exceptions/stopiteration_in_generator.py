def bad_gen():
    yield 1
    raise StopIteration("oops")
try:
    print(list(bad_gen()))
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))
def uses_next():
    it = iter([1])
    yield next(it)
    yield next(it)
try:
    for v in uses_next():
        print("value", v)
except RuntimeError as e:
    print("RuntimeError:", e)
