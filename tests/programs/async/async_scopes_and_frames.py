import asyncio
import inspect
import sys


class Base:
    async def greet(self, who):
        await asyncio.sleep(0)
        return f"hello {who}"

    @classmethod
    async def make(cls):
        await asyncio.sleep(0)
        return cls()

    @staticmethod
    async def static(x):
        return x + 1


class Child(Base):
    __secret = "mangled"

    async def greet(self, who):
        base = await super().greet(who)
        return f"{base} from {type(self).__name__} ({self.__secret}, {__class__.__name__})"


def counter():
    count = 0

    async def bump(by):
        nonlocal count
        await asyncio.sleep(0)
        count += by
        return count

    def get():
        return count

    return bump, get


async def frames():
    frame = sys._getframe()
    names = []
    while frame is not None and len(names) < 3:
        names.append(frame.f_code.co_name)
        frame = frame.f_back
    caller = inspect.stack()[0]
    return names[0], caller.function, caller.lineno


async def locals_snapshot(a, b=2):
    c = a + b
    await asyncio.sleep(0)
    return sorted(locals().items())


async def main():
    child = await Child.make()
    print(await child.greet("world"))
    print(await Base.static(41))
    bump, get = counter()
    print(await bump(2), await bump(3), get())
    print(await frames())
    print(await locals_snapshot(1))
    print(Child.greet.__qualname__, bump.__qualname__, inspect.iscoroutinefunction(bump),
          asyncio.iscoroutinefunction(Child.make))
    coro = bump(1)
    print(coro.__qualname__, coro.cr_code.co_name, coro.cr_frame.f_code.co_qualname)
    print(await coro, get())


asyncio.run(main())

sys.set_coroutine_origin_tracking_depth(3)


async def tracked():
    return 1


def make_tracked():
    return tracked()


t = make_tracked()
print([(name, line) for _, line, name in t.cr_origin])
t.close()
sys.set_coroutine_origin_tracking_depth(0)
t = tracked()
print(t.cr_origin)
t.close()
