import asyncio
async def fails(n):
    await asyncio.sleep(0)
    if n == 2:
        raise ValueError(f"task {n} failed")
    return n
async def main():
    try:
        await fails(2)
    except ValueError as e:
        print("caught", e)
    res = await asyncio.gather(*(fails(i) for i in range(4)), return_exceptions=True)
    print([repr(r) for r in res])
    try:
        await asyncio.gather(fails(1), fails(2))
    except ValueError as e:
        print("gather raised", e)
    try:
        await asyncio.wait_for(asyncio.sleep(10), timeout=0)
    except asyncio.TimeoutError:
        print("timed out")
asyncio.run(main())
