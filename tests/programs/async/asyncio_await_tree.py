# A small tree of coroutines under asyncio: each node awaits its children
# with asyncio.gather (tasks) or one after the other (plain awaits), leaves
# yield to the event loop with asyncio.sleep(0); the order of events, the
# gathered results, an exception in one branch (gather's first error, and
# return_exceptions=True), cancellation of a subtree and sys.set_coroutine_origin_tracking_depth.
import asyncio
import sys

LOG = []


async def leaf(path, value):
    LOG.append("enter " + path)
    await asyncio.sleep(0)
    LOG.append("leave " + path)
    if value < 0:
        raise ValueError(f"negative at {path}")
    return value


async def node(path, depth, fanout, gathered, base=1):
    if depth == 0:
        return await leaf(path, base)
    children = [node(f"{path}.{i}", depth - 1, fanout, not gathered, base + i) for i in range(fanout)]
    if gathered:
        results = await asyncio.gather(*children)
    else:
        results = [await child for child in children]
    return sum(results)


async def failing_tree():
    try:
        await asyncio.gather(leaf("f.0", 1), leaf("f.1", -1), leaf("f.2", 2))
    except ValueError as e:
        LOG.append("caught " + str(e))
    results = await asyncio.gather(leaf("r.0", 3), leaf("r.1", -2), return_exceptions=True)
    return [r if isinstance(r, int) else repr(r) for r in results]


async def sleeper(path):
    try:
        await asyncio.sleep(3600)
    except asyncio.CancelledError:
        LOG.append("cancelled " + path)
        raise


async def subtree(path):
    await asyncio.gather(sleeper(path + ".0"), sleeper(path + ".1"))


async def cancel_subtree():
    task = asyncio.create_task(subtree("c"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        LOG.append("subtree cancelled")
    return task.cancelled()


async def origins():
    async def made():
        return 1
    sys.set_coroutine_origin_tracking_depth(2)
    try:
        c = made()
        origin = [(name, line > 0) for _, line, name in c.cr_origin]
        value = await c
    finally:
        sys.set_coroutine_origin_tracking_depth(0)
    plain = made()
    no_origin = plain.cr_origin
    await plain
    return origin, no_origin, value


async def main():
    print("tree:", await node("t", 3, 3, True))
    print("events:", len(LOG), LOG[:6], LOG[-3:])
    LOG.clear()
    print("mixed tree:", await node("m", 2, 2, False))
    print("events:", LOG)
    LOG.clear()
    print("failing:", await failing_tree())
    print("events:", LOG)
    LOG.clear()
    print("cancelled:", await cancel_subtree())
    print("events:", LOG)
    print("origins:", await origins())


asyncio.run(main())
