def g():
    yield 1
    return "the value"
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("StopIteration:", repr(e), e.value, e.args)
def empty_return():
    return
    yield
try:
    next(empty_return())
except StopIteration as e:
    print("value", e.value)
def delegator():
    result = yield from g()
    yield f"delegate got {result!r}"
print(list(delegator()))
def tuple_return():
    yield
    return (1, 2)
t = tuple_return()
next(t)
try:
    next(t)
except StopIteration as e:
    print(e.value)
