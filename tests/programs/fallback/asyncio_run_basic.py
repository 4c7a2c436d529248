import asyncio
async def add(a, b):
    await asyncio.sleep(0)
    return a + b
async def main():
    r = await add(1, 2)
    print("add", r)
    results = await asyncio.gather(add(1, 1), add(2, 2), add(3, 3))
    print("gather", results)
    return "main done"
print(asyncio.run(main()))
