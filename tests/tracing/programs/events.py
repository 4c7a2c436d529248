"""call/line/return/exception events of settrace, and call/return/c_call/
c_return/c_exception of setprofile, on functions, generators, coroutines,
comprehensions, handlers, iterators raising StopIteration and calls of every
kind (builtins, method descriptors, *args/**kwargs), after the stages have
specialized the code."""
import asyncio
import sys

from _record import check_engine, dump, profile, trace


class P:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v


def hot(n):
    t = 0
    for i in range(n):
        p = P(i)
        t += p.get() + len([i]) + abs(-i)
        if i % 3 == 0:
            t -= 1
        t += [1, 2, 3][1:2][0]
    return t


def gen(n):
    for i in range(n):
        x = yield i
        if x:
            t = x
    return "done"


def delegate():
    r = yield from gen(2)
    return r


def use_gen():
    g = gen(4)
    out = [next(g), g.send(5)]
    out.extend(g)
    out.extend(delegate())
    s = sum(x for x in range(3))
    return out, s, [y * 2 for y in range(2)]


async def co(x):
    await asyncio.sleep(0)
    return x + 1


async def main():
    return await co(1) + await co(2)


def raiser():
    try:
        {}["k"]
    except KeyError:
        pass
    finally:
        z = 1
    raise IndexError("x")


def outer():
    try:
        raiser()
    except IndexError:
        return "caught"


def it():
    class I:
        def __init__(self):
            self.n = 0

        def __iter__(self):
            return self

        def __next__(self):
            self.n += 1
            if self.n > 2:
                raise StopIteration
            return self.n
    return [x for x in I()]


def kw(a, b=2, *args, **kw):
    return a + b + len(args) + len(kw)


def calls():
    lst = []
    lst.append(1)
    kw(1, *[1, 2], **{"z": 1})
    max(*[1, 2])
    sorted([3, 1], key=lambda v: -v)
    str.upper("x")
    try:
        int("x")
    except ValueError:
        pass
    try:
        divmod(1, 0)
    except ZeroDivisionError:
        pass
    return lst


def loop_lines(n):
    i = 0
    while i < n:
        i += 1
    for j in range(2): pass
    return i


check_engine(hot)
for _ in range(300):     # warm: stage 1 and 2 specialize these
    hot(5)
    use_gen()
    calls()
    loop_lines(3)


def run(setter, fn, title):
    setter(fn)
    hot(4)
    use_gen()
    outer()
    it()
    calls()
    loop_lines(3)
    asyncio.run(main())
    setter(None)
    dump(title)


run(sys.settrace, trace, "settrace")
run(sys.setprofile, profile, "setprofile")
