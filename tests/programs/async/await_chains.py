# Chains of coroutines awaiting coroutines: values returned up the chain,
# values yielded by an awaitable at the bottom passed up to the driver and the
# values it sends passed back down, deep chains, loops of awaits, closures,
# methods, defaults and keywords, and the coroutines' state as seen from outside.
import inspect
import sys
import types


class Ask:
    """An awaitable at the bottom of a chain: yields to the driver."""

    def __init__(self, what):
        self.what = what

    def __await__(self):
        answer = yield ("ask", self.what)
        return answer


@types.coroutine
def legacy_ask(what):
    answer = yield ("legacy", what)
    return answer


def drive(coro, answers=()):
    """Run a coroutine by hand, sending the answers to each question in turn."""
    answers = list(answers)
    sent = None
    while True:
        try:
            question = coro.send(sent)
        except StopIteration as stop:
            print("  done:", stop.value)
            return stop.value
        print("  asked:", question)
        sent = answers.pop(0) if answers else None


async def leaf(x):
    return x * 2


async def middle(n):
    total = 0
    for i in range(n):
        total += await leaf(i)
    return total


async def top(n):
    a = await middle(n)
    b = await middle(n + 1)
    return a, b


print("values returned up a chain")
drive(top(4))


async def asks(name):
    first = await Ask(name + "-1")
    second = await legacy_ask(name + "-2")
    return f"{name}: {first} {second}"


async def asks_twice():
    x = await asks("left")
    y = await asks("right")
    return [x, y]


print("questions passed up, answers passed down")
drive(asks_twice(), ["a", "b", "c", "d"])


async def depth(n):
    if n == 0:
        return await Ask("bottom")
    return 1 + await depth(n - 1)


print("a chain 200 deep, asking at the bottom")
drive(depth(200), [1000])


async def count_down(n):
    while n > 0:
        n = await leaf(n) // 2 - 1
    return n


print("loops of awaits")
drive(count_down(50))


def make_adder(k):
    async def add(x, y=1, *, z=0):
        return x + y + z + k
    return add


class Account:
    def __init__(self, balance):
        self.balance = balance

    def __repr__(self):
        return f"Account({self.balance})"

    async def deposit(self, amount):
        self.balance += await leaf(amount)
        return self

    @staticmethod
    async def fee():
        return 1

    @classmethod
    async def open(cls, amount):
        account = cls(0)
        await account.deposit(amount)
        account.balance -= await cls.fee()
        return account


async def shapes():
    add = make_adder(100)
    r = [await add(1), await add(1, 2), await add(1, z=5), await add(y=3, x=4)]
    acct = await Account.open(10)
    r.append(acct.balance)
    r.append(await (await acct.deposit(1)).deposit(2))
    r.append(acct.balance)
    return r


print("closures, defaults, keywords, methods")
result = drive(shapes())
print("  balance object:", type(result[-2]).__name__)


async def observed(other):
    print("  inner state while running:", inspect.getcoroutinestate(other))
    frame = sys._getframe()
    print("  running:", frame.f_code.co_name, frame.f_back.f_code.co_name)
    return await Ask("observed")


async def observer():
    c = leaf(3)
    print("  before:", inspect.getcoroutinestate(c))
    value = await c
    print("  after:", inspect.getcoroutinestate(c), value)
    me = observer_coro
    print("  outer running:", me.cr_running, inspect.getcoroutinestate(me))
    inner = observed(me)
    r = await inner
    print("  inner finished:", inspect.getcoroutinestate(inner), inner.cr_frame)
    return r


print("coroutine states")
observer_coro = observer()
drive(observer_coro, ["seen"])


async def awaiting(inner):
    return await inner


print("cr_await while suspended")
inner = asks("suspended")
outer = awaiting(inner)
print("  ", outer.send(None))
print("  outer awaits inner:", outer.cr_await is inner)
print("  inner awaits:", type(inner.cr_await).__name__)
print("  ", outer.send("one"))
try:
    outer.send("two")
except StopIteration as stop:
    print("  returned:", stop.value)
print("  cr_await now:", outer.cr_await)


async def many(n):
    results = []
    for i in range(n):
        results.append(await middle(i % 5))
    return sum(results)


print("many short chains")
drive(many(300))
