async def agen():
    try:
        yield 1
        yield 2
    finally:
        print("agen finally")
def drive(coro):
    try:
        coro.send(None)
    except StopIteration as e:
        return e.value
    raise RuntimeError("coroutine suspended")
g = agen()
print(type(g).__name__)
print(drive(g.__anext__()))
print(drive(g.__anext__()))
try:
    drive(g.__anext__())
except StopAsyncIteration:
    print("StopAsyncIteration")
