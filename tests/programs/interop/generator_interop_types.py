import types, inspect, itertools
def gen(n):
    yield from range(n)
g = gen(3)
print(isinstance(g, types.GeneratorType), inspect.isgeneratorfunction(gen), inspect.isgenerator(g))
print(list(itertools.chain(gen(2), gen(3))), list(zip(gen(3), "abc")), dict(enumerate(gen(2))))
print(sorted(gen(4), reverse=True), sum(gen(5)), list(map(str, gen(3))), "-".join(str(x) for x in gen(3)))
print(list(itertools.takewhile(lambda x: x < 3, gen(10))), list(itertools.starmap(pow, [(2, 3), (3, 2)])))
