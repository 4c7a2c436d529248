import asyncio
import inspect

LOG = []


async def ticker(n, name):
    try:
        for i in range(n):
            LOG.append(f"{name} yields {i}")
            received = yield i
            if received is not None:
                LOG.append(f"{name} received {received!r}")
            await asyncio.sleep(0)
    except GeneratorExit:
        LOG.append(f"{name} GeneratorExit")
        raise
    finally:
        await asyncio.sleep(0)
        LOG.append(f"{name} finally (awaited)")


async def drive():
    g = ticker(5, "manual")
    print(type(g).__name__, inspect.isasyncgen(g), inspect.isasyncgenfunction(ticker))
    print("anext", await g.__anext__(), await anext(g))
    print("asend", await g.asend("hello"))
    try:
        await g.athrow(ValueError("thrown"))
    except ValueError as e:
        print("athrow propagated", e)
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("exhausted after athrow")

    g2 = ticker(5, "closed")
    print(await g2.__anext__())
    await g2.aclose()
    print("after aclose", g2.ag_frame)

    async for v in ticker(10, "broken"):
        if v == 1:
            break
    print("after break")

    g4 = ticker(10, "abandoned")
    print(await g4.__anext__())
    del g4
    print("abandoned dropped")

    results = [v async for v in ticker(3, "comprehension")]
    print("comprehension", results)
    return "drive done"


async def main():
    print(await drive())
    lingering = ticker(10, "lingering")
    await lingering.__anext__()
    globals()["keep"] = lingering
    print("main returns; asyncio.run finalizes the lingering generator")


asyncio.run(main())
for line in LOG:
    print(line)


async def bad_stop():
    yield 1
    raise StopAsyncIteration


async def bad_return_none_value():
    yield 1
    return


async def ignore_exit():
    try:
        yield 1
    except GeneratorExit:
        yield 2


async def check_errors():
    g = bad_stop()
    await g.__anext__()
    try:
        await g.__anext__()
    except RuntimeError as e:
        print("RuntimeError:", e)
    g = ignore_exit()
    await g.__anext__()
    try:
        await g.aclose()
    except RuntimeError as e:
        print("RuntimeError:", e)
    print([v async for v in bad_return_none_value()])
    g = ticker(2, "running")
    first = g.__anext__()
    print("ag_running before", g.ag_running)
    print(await first)
    await g.aclose()


asyncio.run(check_errors())


def manual_step(awaitable):
    try:
        awaitable.send(None)
    except StopIteration as e:
        return e.value
    raise RuntimeError("suspended")


async def plain_agen():
    yield "a"
    yield "b"


ag = plain_agen()
print(manual_step(ag.__anext__()), manual_step(ag.asend(None)))
try:
    manual_step(ag.__anext__())
except StopAsyncIteration:
    print("StopAsyncIteration")
