import types, inspect, collections.abc as abc
def gen():
    yield 1
g = gen()
print(isinstance(g, types.GeneratorType), isinstance(g, abc.Generator), isinstance(g, abc.Iterator))
print(inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(lambda: 1), inspect.isgenerator(g))
print(iter(g) is g, hasattr(g, "send"), type(gen).__name__, gen.__code__.co_flags & 0x20 != 0)
ge = (x for x in [])
print(type(ge) is types.GeneratorType, ge.__name__, ge.__qualname__)
