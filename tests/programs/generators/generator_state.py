import inspect
def gen():
    yield 1
    yield 2
g = gen()
print(inspect.getgeneratorstate(g))
next(g)
print(inspect.getgeneratorstate(g), g.gi_running, g.gi_frame is not None)
list(g)
print(inspect.getgeneratorstate(g), g.gi_frame)
def self_ref():
    yield me.gi_running
me = self_ref()
print(next(me))
def reentrant():
    yield next(r)
r = reentrant()
try:
    next(r)
except ValueError as e:
    print("ValueError:", e)
print(g.gi_code.co_name, inspect.isgenerator(g), inspect.isgeneratorfunction(gen))
