import asyncio


async def double(x):
    await asyncio.sleep(0)
    return x * 2


async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i


def lazy_awaits(coros):
    # `await` in a generator expression in a plain function: an async generator.
    return (await c for c in coros)


async def main():
    print([await double(x) for x in range(3)])
    print({await double(x) for x in range(3)})
    print({x: await double(x) for x in range(3)})
    print([x async for x in agen(4) if x % 2])
    print([x async for x in agen(4) if await double(x) > 2])
    print({x: y async for x in agen(2) for y in range(2)})
    print([[y async for y in agen(x)] for x in range(3)])
    print([[await double(y) for y in range(x)] for x in range(3)])
    print([y for x in range(3) for y in [await double(x)]])
    g = (await double(x) for x in range(3))
    print(type(g).__name__, [v async for v in g])
    g2 = (x async for x in agen(3))
    print(type(g2).__name__, [v async for v in g2])
    lazy = lazy_awaits([double(5), double(6)])
    print(type(lazy).__name__, [v async for v in lazy])
    print(await asyncio.gather(*[double(x) for x in range(3)]))
    total = sum([await double(x) for x in [await double(1), await double(2)]])
    print(total)
    x = "outer x"
    print([x async for x in agen(2)], x)
    try:
        print([1 / (await double(x) - 2) for x in range(3)])
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    try:
        print([v async for v in agen(3) if 1 / v])
    except ZeroDivisionError as e:
        print("ZeroDivisionError in condition:", e)

    class Holder:
        scale = 10

        async def scaled(self, items):
            return [await double(i * self.scale) async for i in items]

    print(await Holder().scaled(agen(3)))
    print(await (lambda: double(21))())


asyncio.run(main())
