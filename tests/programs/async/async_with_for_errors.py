import asyncio


class Manager:
    def __init__(self, name, *, enter_raises=None, exit_raises=None, swallow=False):
        self.name = name
        self.enter_raises = enter_raises
        self.exit_raises = exit_raises
        self.swallow = swallow

    async def __aenter__(self):
        await asyncio.sleep(0)
        print(f"  {self.name}: enter")
        if self.enter_raises:
            raise self.enter_raises
        return self.name

    async def __aexit__(self, exc_type, exc, tb):
        await asyncio.sleep(0)
        print(f"  {self.name}: exit with {exc_type.__name__ if exc_type else None}")
        if self.exit_raises:
            raise self.exit_raises
        return self.swallow


class NoAexit:
    async def __aenter__(self):
        return 1


class SyncOnly:
    def __enter__(self):
        return 1

    def __exit__(self, *args):
        return False


class EnterNotAwaitable:
    def __aenter__(self):
        return 42

    async def __aexit__(self, *args):
        return False


class ExitNotAwaitable:
    async def __aenter__(self):
        return 1

    def __aexit__(self, *args):
        return None


class NoAnext:
    def __aiter__(self):
        return self


class AnextNotAwaitable:
    def __aiter__(self):
        return self

    def __anext__(self):
        return 7


class Countdown:
    def __init__(self, n, fail_at=None):
        self.n = n
        self.fail_at = fail_at

    def __aiter__(self):
        return self

    async def __anext__(self):
        await asyncio.sleep(0)
        if self.n == self.fail_at:
            raise LookupError(f"failed at {self.n}")
        if self.n == 0:
            raise StopAsyncIteration
        self.n -= 1
        return self.n


async def attempt(label, coro_fn):
    try:
        result = await coro_fn()
        print(label, "->", result)
    except Exception as e:
        print(label, "raised", type(e).__name__, e, "| cause:", repr(e.__cause__),
              "| context:", repr(e.__context__))


async def body_raises():
    async with Manager("a") as name:
        raise KeyError(name)


async def body_raises_swallowed():
    async with Manager("b", swallow=True):
        raise KeyError("swallowed")
    return "continued after swallow"


async def enter_raises():
    async with Manager("c", enter_raises=OSError("enter failed")):
        return "unreachable"


async def exit_raises():
    async with Manager("d", exit_raises=RuntimeError("exit failed")):
        raise KeyError("original")


async def nested_return():
    async with Manager("outer"), Manager("inner") as inner:
        return f"returned from {inner}"


async def loop_control():
    out = []
    for i in range(4):
        async with Manager(f"loop{i}"):
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
    return out


async def use(cm):
    async with cm:
        return "unreachable"


async def iterate(it):
    return [v async for v in it]


async def for_else(n, stop_at):
    async for v in Countdown(n):
        if v == stop_at:
            print("  breaking at", v)
            break
    else:
        print("  loop ran to the end")
        return "else"
    return "broke"


async def nested_async_for():
    pairs = []
    async for a in Countdown(2):
        async for b in Countdown(2):
            if b == 0:
                continue
            pairs.append((a, b))
    return pairs


async def raise_in_body():
    async for v in Countdown(3):
        try:
            if v == 1:
                raise ValueError(v)
        except ValueError as e:
            print("  handled", e)
            return "returned from handler inside async for"


async def main():
    for label, fn in [("body_raises", body_raises), ("swallowed", body_raises_swallowed),
                      ("enter_raises", enter_raises), ("exit_raises", exit_raises),
                      ("nested_return", nested_return), ("loop_control", loop_control),
                      ("no __aexit__", lambda: use(NoAexit())),
                      ("sync manager", lambda: use(SyncOnly())),
                      ("__aenter__ not awaitable", lambda: use(EnterNotAwaitable())),
                      ("__aexit__ not awaitable", lambda: use(ExitNotAwaitable())),
                      ("async for over int", lambda: iterate(5)),
                      ("no __anext__", lambda: iterate(NoAnext())),
                      ("__anext__ not awaitable", lambda: iterate(AnextNotAwaitable())),
                      ("__anext__ raises", lambda: iterate(Countdown(5, fail_at=3))),
                      ("for else", lambda: for_else(3, 99)),
                      ("for break", lambda: for_else(3, 1)),
                      ("nested", nested_async_for),
                      ("raise in body", raise_in_body)]:
        await attempt(label, fn)


asyncio.run(main())
