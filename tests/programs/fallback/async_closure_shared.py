import asyncio
def make():
    count = 0
    def bump():
        nonlocal count
        count += 1
        return count
    async def abump(times):
        nonlocal count
        for _ in range(times):
            await asyncio.sleep(0)
            count += 10
        return count
    def get():
        return count
    return bump, abump, get
bump, abump, get = make()
bump()
print(asyncio.run(abump(3)))
bump()
print(get())
