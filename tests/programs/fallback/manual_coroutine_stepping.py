import types
@types.coroutine
def suspend(value):
    received = yield value
    return received
async def worker(name):
    print(name, "start")
    a = await suspend(f"{name}-1")
    print(name, "resumed with", a)
    b = await suspend(f"{name}-2")
    print(name, "resumed with", b)
    return f"{name} result"
coro = worker("w")
print(type(coro).__name__)
print(coro.send(None))
print(coro.send("first"))
try:
    coro.send("second")
except StopIteration as e:
    print("StopIteration", e.value)
c2 = worker("x")
c2.send(None)
try:
    c2.throw(ValueError("thrown in"))
except ValueError as e:
    print("propagated", e)
c3 = worker("y")
c3.send(None)
c3.close()
print("closed")
