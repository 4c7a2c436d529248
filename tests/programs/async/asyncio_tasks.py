import asyncio

EVENTS = []


async def worker(name, queue, results):
    while True:
        item = await queue.get()
        try:
            if item is None:
                EVENTS.append(f"{name} stops")
                return name
            await asyncio.sleep(0)
            results.append((name, item * item))
        finally:
            queue.task_done()


async def sleeper(name):
    try:
        EVENTS.append(f"{name} sleeping")
        await asyncio.sleep(3600)
    except asyncio.CancelledError:
        EVENTS.append(f"{name} cancelled")
        await asyncio.sleep(0)
        EVENTS.append(f"{name} cleaned up")
        raise
    finally:
        EVENTS.append(f"{name} finally")


async def shielded():
    await asyncio.sleep(0)
    return "shielded result"


async def main():
    queue = asyncio.Queue()
    results = []
    workers = [asyncio.create_task(worker(f"w{i}", queue, results)) for i in range(2)]
    for item in range(5):
        await queue.put(item)
    await queue.put(None)
    await queue.put(None)
    await queue.join()
    print("workers returned", await asyncio.gather(*workers))
    print("results", sorted(results))

    task = asyncio.create_task(sleeper("s1"))
    await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        print("awaiting the cancelled task raised CancelledError", task.cancelled())

    try:
        await asyncio.wait_for(sleeper("s2"), timeout=0)
    except asyncio.TimeoutError:
        print("wait_for timed out")

    print(await asyncio.shield(shielded()))
    done, pending = await asyncio.wait([asyncio.create_task(shielded())])
    print(len(done), len(pending), [t.result() for t in done])

    async def failing(n):
        await asyncio.sleep(0)
        raise ValueError(n)

    print([repr(r) for r in await asyncio.gather(failing(1), shielded(), return_exceptions=True)])
    event = asyncio.Event()

    async def waiter():
        await event.wait()
        return "event seen"

    t = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    event.set()
    print(await t)
    lock = asyncio.Lock()
    order = []

    async def locked(n):
        async with lock:
            order.append(f"in {n}")
            await asyncio.sleep(0)
            order.append(f"out {n}")

    await asyncio.gather(locked(1), locked(2))
    print(order)
    loop = asyncio.get_running_loop()
    fut = loop.create_future()
    loop.call_soon(fut.set_result, "future result")
    print(await fut)


asyncio.run(main())
for event in EVENTS:
    print(event)
