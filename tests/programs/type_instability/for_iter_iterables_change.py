# One for-loop site iterates a range, a list, a tuple, a generator, a dict, a string,
# a custom iterator, a list mutated during iteration and big-int ranges.
def total(it):
    s = 0
    for x in it:
        s += x
    return s

def gen(n):
    for i in range(n):
        yield i * i

class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n

print([total(range(10)) for _ in range(3)])
print(total([1, 2, 3]), total((4, 5)), total(gen(5)), total({1: "a", 2: "b"}), total(Countdown(4)))
print(total(range(2**62, 2**62 + 3)), total(range(10, -10, -3)), total(range(0)))
print(total(range(2**64, 2**64 + 2)))
grow = [1, 2, 3]
def mutate():
    out = []
    for x in grow:
        out.append(x)
        if x < 5:
            grow.append(x + 3)
    return out
print(mutate())
shrink = list(range(10))
for x in shrink:
    shrink.remove(x)
print(shrink)
try:
    total(5)
except TypeError as e:
    print("TypeError:", e)
def bad():
    yield 1
    raise ValueError("inside the generator")
try:
    total(bad())
except ValueError as e:
    print("ValueError:", e)
class MyList(list):
    pass
class MyTuple(tuple):
    pass
print(total(MyList([10, 20])), total(MyTuple((30, 40))), total([1]), total((2,)))
