async def f():
    pass
await f()
yield 1
