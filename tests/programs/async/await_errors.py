# fivefold: exit=1
# Errors through chains of awaits: exceptions raised by an awaited coroutine
# and caught by its awaiter (tracebacks through the chain), exceptions thrown
# into a suspended chain and caught or not at each level, cancellation with
# .throw() and .close() (finally blocks and GeneratorExit down the chain),
# StopIteration raised inside a coroutine (RuntimeError), awaiting what is not
# awaitable, awaiting a finished or an already awaited coroutine, and the
# exception state (sys.exc_info) inside and around awaits.
import sys
import traceback
import types


class Pause:
    def __await__(self):
        sent = yield "paused"
        return sent


def where(exc):
    return [(f.name, f.lineno) for f in traceback.extract_tb(exc.__traceback__)]


def drive(coro, *throws):
    """Start coro, then throw each exception in turn (None: send None)."""
    try:
        print("  yielded:", coro.send(None))
        for exc in throws:
            if exc is None:
                print("  yielded:", coro.send(None))
            else:
                print("  yielded:", coro.throw(exc))
    except StopIteration as stop:
        print("  returned:", stop.value)
    except BaseException as e:
        print("  escaped:", type(e).__name__, e, where(e))


async def fails(kind):
    if kind == "value":
        raise ValueError("from the bottom")
    if kind == "key":
        return {}["missing"]
    if kind == "zero":
        return 1 / 0
    return kind


async def passes_on(kind):
    return await fails(kind)


async def catches(kind):
    try:
        return await passes_on(kind)
    except (ValueError, KeyError) as e:
        return f"caught {type(e).__name__}: {e} at {where(e)}"


print("raised below, caught above")
for kind in ["ok", "value", "key", "zero"]:
    drive(catches(kind))


async def waits_then_handles(name):
    try:
        value = await Pause()
    except KeyError as e:
        print("   ", name, "handled", repr(e))
        return name + " recovered"
    finally:
        print("   ", name, "finally")
    return value


async def waits_deeper():
    try:
        return await waits_then_handles("inner")
    except ValueError as e:
        print("    outer handled", repr(e))
        return "outer recovered"


print("thrown into a suspended chain")
drive(waits_deeper(), KeyError("k"))
drive(waits_deeper(), ValueError("v"))
drive(waits_deeper(), TypeError("t"))
drive(waits_deeper(), None)


async def cleanup(level):
    try:
        if level == 0:
            await Pause()
        else:
            await cleanup(level - 1)
    except GeneratorExit:
        print("    GeneratorExit at level", level)
        raise
    finally:
        print("    finally at level", level)


print("close() a suspended chain")
c = cleanup(3)
print("  ", c.send(None))
c.close()
print("  closed; send again:")
try:
    c.send(None)
except RuntimeError as e:
    print("  ", type(e).__name__, e)


async def refuses_to_close():
    try:
        await Pause()
    except GeneratorExit:
        await Pause()


print("close() that is ignored")
c = refuses_to_close()
c.send(None)
try:
    c.close()
except RuntimeError as e:
    print("  ", type(e).__name__, e)
c.close()


class Cancelled(Exception):
    pass


async def cancellable(name):
    try:
        while True:
            await Pause()
    except Cancelled:
        print("    ", name, "cancelled")
        return name + " stopped"


async def supervisor():
    a = await cancellable("first")
    b = await cancellable("second")
    return a, b


print("cancellation with throw()")
drive(supervisor(), None, Cancelled(), None, Cancelled())


async def raises_stop():
    raise StopIteration("inside")


async def returns_via_stop():
    await Pause()
    raise StopIteration


async def awaits_stop(target):
    try:
        await target
    except RuntimeError as e:
        print("   ", type(e).__name__, e, "| cause:", repr(e.__cause__))
        return "converted"


print("StopIteration inside a coroutine")
drive(awaits_stop(raises_stop()))
drive(awaits_stop(returns_via_stop()), None)
drive(raises_stop())


async def awaits_value(value):
    return await value


class NoAwait:
    pass


class BadAwait:
    def __await__(self):
        return 42


class IterAwait:
    def __await__(self):
        return iter([1, 2])


print("awaiting what is not awaitable")
for value in [1, None, "s", NoAwait(), BadAwait(), IterAwait()]:
    drive(awaits_value(value), None, None)


def plain_generator():
    yield 1


print("awaiting a plain generator")
drive(awaits_value(plain_generator()))


print("awaiting a finished coroutine")


async def twice():
    c = fails("done")
    first = await c
    try:
        await c
    except RuntimeError as e:
        return first, str(e)


drive(twice())


async def awaited_by_two(shared):
    return await shared


print("a coroutine awaited by two")
shared = cleanup(0)
one = awaited_by_two(shared)
print("  ", one.send(None))
two = awaited_by_two(shared)
drive(two)
one.close()


async def exc_state():
    try:
        raise KeyError("outer")
    except KeyError:
        print("    before await:", sys.exc_info()[1])
        await inner_exc_state()
        print("    after await:", sys.exc_info()[1])
    print("    outside:", sys.exc_info()[1])


async def inner_exc_state():
    print("    inner sees:", sys.exc_info()[1])
    try:
        raise ValueError("inner")
    except ValueError:
        await Pause()
        print("    inner after pause:", sys.exc_info()[1])
    print("    inner outside:", sys.exc_info()[1])


print("exception state across awaits")
c = exc_state()
print("  ", c.send(None))
print("  driver sees:", sys.exc_info()[1])
try:
    c.send(None)
except StopIteration:
    print("  finished")


async def chained():
    try:
        await fails("value")
    except ValueError:
        await fails("key")


print("chained exceptions")
try:
    chained().send(None)
except KeyError as e:
    print("  ", repr(e), "context:", repr(e.__context__), where(e))


@types.coroutine
def legacy_raiser():
    yield "legacy"
    raise IndexError("legacy")


async def through_legacy():
    try:
        await legacy_raiser()
    except IndexError as e:
        return "caught " + repr(e)


print("through a @types.coroutine generator")
drive(through_legacy(), None)


async def uncaught():
    await passes_on("value")


print("uncaught, traceback on stderr")
uncaught().send(None)
