import operator
from functools import reduce
data = [{"n": "b", "v": 2}, {"n": "a", "v": 3}]
print(sorted(data, key=operator.itemgetter("n")), list(map(operator.itemgetter("v"), data)))
class P:
    def __init__(self, name):
        self.name = name
        self.inner = self
    def hello(self, x):
        return f"{self.name} says {x}"
print(operator.attrgetter("inner.name")(P("z")), operator.methodcaller("hello", 1)(P("q")))
print(reduce(operator.add, ["a", "b", "c"]), operator.mul(6, 7), operator.neg(5), operator.contains([1], 1))
print(operator.index(7), operator.truth([]), operator.concat([1], [2]), operator.getitem("xyz", 1))
