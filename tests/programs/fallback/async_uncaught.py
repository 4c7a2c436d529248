# fivefold: exit=1
import asyncio
def helper(x):
    return {"a": 1}[x]
async def inner(x):
    await asyncio.sleep(0)
    return helper(x)
async def main():
    print(await inner("a"))
    print(await inner("b"))
asyncio.run(main())
