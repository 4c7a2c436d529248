# Closures captured in a loop; a generator's consumer changes the generator it consumes;
# a cell is rebound while a specialized site reads it.
def make_adders():
    return [lambda x, i=i: x + i for i in range(4)]

adders = make_adders()
print([f(10) for f in adders * 2])
def counter():
    n = 0
    def step(k):
        nonlocal n
        n = n + k
        return n
    return step
step = counter()
print([step(1) for _ in range(4)], step(0.5), step(-4.5))
def consume(gen):
    return [x for x in gen]
def g1():
    yield from range(3)
def g2():
    x = yield 1
    yield x
print(consume(g1()), consume(g2()), consume(iter([7, 8])))
