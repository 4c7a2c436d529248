import asyncio
class Ticker:
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        self.i = 0
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        await asyncio.sleep(0)
        return self.i
class Session:
    async def __aenter__(self):
        print("session open")
        return self
    async def __aexit__(self, t, v, tb):
        print("session close", t.__name__ if t else None)
        return t is KeyError
async def agen(n):
    for i in range(n):
        yield i * i
async def main():
    async for t in Ticker(3):
        print("tick", t)
    async with Session() as s, Session():
        print("in session")
    async with Session():
        raise KeyError("suppressed")
    print([x async for x in agen(4)])
    print({x: 1 async for x in agen(2)})
asyncio.run(main())
