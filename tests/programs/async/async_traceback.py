# fivefold: exit=1
import asyncio


class Resource:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    async def fetch(self, key):
        await asyncio.sleep(0)
        return {"a": 1}[key]


async def rows(keys):
    async with Resource() as r:
        for key in keys:
            yield await r.fetch(key)


async def collect(keys):
    return [
        value * 2
        async for value in rows(keys)
    ]


async def main():
    print(await collect(["a", "a"]))
    try:
        await collect(["a", "b"])
    except KeyError as e:
        print("caught", repr(e))
    print(await collect(["a", "zzz"]))


asyncio.run(main())
