# Generators iterated by hot for loops (stage 1: FOR_ITER_GEN resumes a
# fivefold generator's frame directly), then the edge cases of resumption:
# return values, StopIteration raised inside, errors with tracebacks that keep
# the frame, finalizers at exhaustion, gi_frame and gi_running, the exception
# being handled as seen inside the generator, yield from, a generator iterating
# itself, close() mid-loop, and CPython generators at the same site.
import sys


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def count(n):
    for i in range(n):
        yield i
    return "returned"


def total(gen):
    t = 0
    for v in gen:
        t += v
    return t


print([total(count(k)) for k in range(6)])


def with_local(tag):
    keep = Noisy(tag)
    yield 1
    yield 2
    print("finishing", keep.name)


for v in with_local("a"):
    print("got", v)
print("after loop a")


def returns_noisy():
    yield 0
    return Noisy("returned value")


for v in returns_noisy():
    print("got", v)
print("after loop b")


def raises_stop():
    yield 1
    raise StopIteration("inner")


for attempt in range(3):
    try:
        for v in raises_stop():
            pass
    except RuntimeError as e:
        print(type(e).__name__, e, repr(e.__cause__))


def fails(n):
    for i in range(n):
        if i == 2:
            raise KeyError(i)
        yield i


kept = []
for attempt in range(3):
    try:
        for v in fails(5):
            pass
    except KeyError as e:
        frame = e.__traceback__.tb_next.tb_frame
        kept.append(frame)
        print("KeyError", e, frame.f_code.co_name, sorted(frame.f_locals.items()), frame.f_lineno)
print([f.f_locals["i"] for f in kept])


def state():
    me = yield "start"
    yield "running" if gen_obj.gi_running else "not running"


gen_obj = state()
for v in gen_obj:
    print(v)
print(gen_obj.gi_frame, gen_obj.gi_running)


def sees_exc_info():
    yield repr(sys.exc_info()[1])
    try:
        raise ValueError("inside")
    except ValueError:
        yield repr(sys.exc_info()[1])
    yield repr(sys.exc_info()[1])


for attempt in range(2):
    try:
        raise TypeError("outside")
    except TypeError:
        for v in sees_exc_info():
            print(v, repr(sys.exc_info()[1]))


def inner():
    yield 1
    yield 2
    return 3


def outer():
    r = yield from inner()
    yield r
    yield from [4, 5]


for attempt in range(2):
    print([v for v in outer()], list(outer()))


def itself():
    for v in me:
        yield v


me = itself()
try:
    for v in me:
        pass
except ValueError as e:
    print("ValueError:", e)


def closing():
    try:
        yield 1
        yield 2
    finally:
        print("finally ran")


for attempt in range(2):
    g = closing()
    for v in g:
        print("closing got", v)
        g.close()
    print("closed", g.gi_frame)

site_values = []
for source in [count(3), iter([7, 8]), (x * 2 for x in range(3)), count(2), map(abs, [-1])]:
    for v in source:
        site_values.append(v)
print(site_values)
exhausted = count(2)
print(list(exhausted), list(exhausted))
for v in exhausted:
    print("never")
print("done")
