# A coroutine's life from the call that makes it to its end, as a program sees
# it: never awaited (the RuntimeWarning, with and without origin tracking),
# collected in a reference cycle (tracked by the cycle GC), awaited when new
# (GET_AWAITABLE hands the coroutine itself over), awaited while it awaits
# something else ("being awaited already"), awaited after it finished or was
# closed ("cannot reuse"), awaiting itself, its name and qualified name taken
# when it is made, cr_frame / cr_await / cr_running / cr_code at each step.
import gc, sys, warnings, weakref

class Tick:
    def __await__(self):
        yield "tick"
        return "ticked"

async def leaf(x):
    return x * 2

async def middle(x):
    return await leaf(x) + await leaf(x + 1)

def run(coro):
    steps = []
    while True:
        try:
            steps.append(coro.send(None))
        except StopIteration as stop:
            return stop.value, steps

print("awaited when new", run(middle(3)))

def warned(make):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
        gc.collect()
    return [(w.category.__name__, str(w.message).splitlines()[0], w.filename == __file__) for w in caught]

def never_awaited():
    c = leaf(1)
    print("  new:", c.__name__, c.__qualname__, c.cr_running, c.cr_await, c.cr_code is leaf.__code__,
          c.cr_frame.f_code.co_name, c.cr_frame.f_lasti >= 0)
    del c
print("never awaited", warned(never_awaited))

def in_a_cycle():
    async def holds(box):
        await Tick()
    box = []
    c = holds(box)
    box.append(c)
    ref = weakref.ref(c)
    print("  tracked:", gc.is_tracked(c))
    del c, box
    gc.collect()
    print("  collected:", ref() is None)
print("in a cycle", warned(in_a_cycle))

def tracked_origin():
    sys.set_coroutine_origin_tracking_depth(2)
    try:
        c = leaf(2)
        print("  origin:", [name for _, _, name in c.cr_origin])
        del c
    finally:
        sys.set_coroutine_origin_tracking_depth(0)
print("origin tracked", warned(tracked_origin))

# Awaited while it awaits something else.
async def ticking():
    return await Tick()
first = ticking()
print("first step", first.send(None), type(first.cr_await).__name__)
async def second():
    return await first
try:
    run(second())
except RuntimeError as e:
    print("RuntimeError:", e)
print("first finishes", run(first))

# Awaited after it finished, after it was closed, before and after a throw.
done = leaf(4)
print("done", run(done), done.cr_frame)
async def again(c):
    return await c
for c in (done, leaf(5)):
    if c is not done:
        c.close()
    try:
        run(again(c))
    except RuntimeError as e:
        print("RuntimeError:", e)
thrown = ticking()
try:
    thrown.throw(ValueError("before it starts"))
except ValueError as e:
    print("ValueError:", e, thrown.cr_frame)

# Awaiting itself while running.
async def selfish():
    return await me
me = selfish()
try:
    run(me)
except (RuntimeError, ValueError) as e:
    print(type(e).__name__ + ":", e)

# Names are the function's when the coroutine is made.
async def named():
    return sys._getframe().f_code.co_name
named.__name__ = "renamed"
named.__qualname__ = "Outer.renamed"
c = named()
print("names", c.__name__, c.__qualname__, run(c))
c.__name__ = "changed"
print("set", c.__name__)

# What the awaiting and the awaited coroutine see while both run.
async def inner_view(outer_box):
    outer = outer_box[0]
    me_now = outer_box[1]
    return (outer.cr_await, outer.cr_running, me_now.cr_running, me_now.cr_await,
            sys._getframe().f_back.f_code.co_name, me_now.cr_frame is sys._getframe(),
            outer.cr_frame.f_code.co_name)
async def outer_view(box):
    inner = inner_view(box)
    box.append(inner)
    return await inner
box = []
o = outer_view(box)
box.append(o)
print("views", run(o))

# Exceptions from a coroutine awaited when new: traceback through both.
async def fails(n):
    if n == 0:
        raise KeyError("deep")
    return await fails(n - 1)
try:
    run(fails(3))
except KeyError as e:
    tb, names = e.__traceback__, []
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    print("KeyError", e, names)

# Many coroutines made and awaited: nothing is left behind.
async def count(n):
    total = 0
    for i in range(n):
        total += await leaf(i)
    return total
gc.collect()
before = len([o for o in gc.get_objects() if type(o).__name__ == "coroutine"])
print("count", run(count(2000)))
gc.collect()
print("left", len([o for o in gc.get_objects() if type(o).__name__ == "coroutine"]) - before)
