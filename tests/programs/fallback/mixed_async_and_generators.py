import asyncio
def numbers(n):
    for i in range(n):
        yield i
def squares(seq):
    return [x * x for x in seq]
async def consume():
    total = 0
    for v in numbers(5):
        await asyncio.sleep(0)
        total += v
    return total, squares(numbers(4))
print(asyncio.run(consume()))
