import asyncio
TOTAL = 0
LOG = []
def plain_add(n):
    global TOTAL
    TOTAL += n
    LOG.append(("plain", n))
async def async_add(n):
    global TOTAL
    await asyncio.sleep(0)
    TOTAL += n
    LOG.append(("async", n))
    plain_add(n * 100)
async def main():
    for i in range(3):
        await async_add(i)
plain_add(1000)
asyncio.run(main())
print(TOTAL, LOG)
