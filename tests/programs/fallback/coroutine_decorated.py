import asyncio, functools
def logged(fn):
    @functools.wraps(fn)
    async def wrapper(*a):
        print("before", fn.__name__, a)
        r = await fn(*a)
        print("after", fn.__name__, r)
        return r
    return wrapper
@logged
async def compute(x):
    await asyncio.sleep(0)
    return x * 3
print(asyncio.run(compute(4)), compute.__name__, asyncio.iscoroutinefunction(compute))
