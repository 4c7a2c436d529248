# fivefold: exit=1
import asyncio
async def job(n):
    await asyncio.sleep(0)
    return [n][n]
async def main():
    print(await job(0))
    await asyncio.gather(job(0), job(1))
asyncio.run(main())
