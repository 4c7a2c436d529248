import inspect
import types


class Suspend:
    """An awaitable whose __await__ is a generator: what `await` drives with SEND."""

    def __init__(self, value):
        self.value = value

    def __await__(self):
        received = yield self.value
        return received


@types.coroutine
def legacy(value):
    received = yield ("legacy", value)
    return received


async def worker(name):
    print(name, "started")
    try:
        a = await Suspend(f"{name}-1")
        print(name, "got", a)
        b = await legacy(f"{name}-2")
        print(name, "got", b)
    except ValueError as e:
        print(name, "caught", repr(e))
        c = await Suspend("after catch")
        return f"{name} recovered with {c}"
    finally:
        print(name, "finally")
    return f"{name} done"


coro = worker("w")
print(type(coro).__name__, coro.__name__, coro.__qualname__, inspect.iscoroutine(coro))
print("flags", bool(coro.cr_code.co_flags & inspect.CO_COROUTINE), coro.cr_running, coro.cr_await)
print("state", inspect.getcoroutinestate(coro))
print("yielded", coro.send(None))
print("state", inspect.getcoroutinestate(coro), "awaiting", type(coro.cr_await).__name__)
print("suspended at line", coro.cr_frame.f_lineno, "locals", sorted(coro.cr_frame.f_locals))
print("yielded", coro.send("first"))
try:
    coro.send("second")
except StopIteration as e:
    print("StopIteration", e.value)
print("state", inspect.getcoroutinestate(coro), coro.cr_frame)

c2 = worker("x")
c2.send(None)
print("yielded after throw", c2.throw(ValueError("thrown in")))
try:
    c2.send("resumed")
except StopIteration as e:
    print("StopIteration", e.value)

c3 = worker("y")
c3.send(None)
c3.close()
print("closed", inspect.getcoroutinestate(c3))
try:
    c3.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)

c4 = worker("z")
try:
    c4.send("not None")
except TypeError as e:
    print("TypeError:", e)
try:
    c4.throw(KeyError("before start"))
except KeyError as e:
    print("KeyError before start:", e, inspect.getcoroutinestate(c4))


async def ignores_exit():
    try:
        await Suspend(1)
    except GeneratorExit:
        await Suspend(2)


c5 = ignores_exit()
c5.send(None)
try:
    c5.close()
except RuntimeError as e:
    print("RuntimeError:", e)


async def raises_stop():
    raise StopIteration("inside")


try:
    raises_stop().send(None)
except RuntimeError as e:
    print("RuntimeError:", e, "cause", repr(e.__cause__))


async def awaits(obj):
    return await obj


class AwaitReturnsCoroutine:
    def __await__(self):
        return awaits(1)


class AwaitReturnsNonIterator:
    def __await__(self):
        return 42


for bad in (5, AwaitReturnsCoroutine(), AwaitReturnsNonIterator()):
    c = awaits(bad)
    try:
        c.send(None)
    except TypeError as e:
        print("TypeError:", e)
    c.close()


async def inner():
    return await Suspend("inner")


shared = inner()
outer1 = awaits(shared)
print("outer1 yielded", outer1.send(None))
outer2 = awaits(shared)
try:
    outer2.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    outer1.send("finish")
except StopIteration as e:
    print("outer1 result", e.value)
try:
    awaits(shared).send(None)
except RuntimeError as e:
    print("RuntimeError:", e)

wrapper = inner().__await__()
print(type(wrapper).__name__, next(wrapper))
try:
    wrapper.send("via wrapper")
except StopIteration as e:
    print("wrapper result", e.value)


async def delegating_throw():
    try:
        return await legacy("deep")
    except ZeroDivisionError:
        return "handled in outer coroutine"


d = delegating_throw()
d.send(None)
try:
    d.throw(ZeroDivisionError)
except StopIteration as e:
    print(e.value)
