import collections, itertools, functools, operator, string, heapq, bisect
print(collections.deque([1, 2, 3], maxlen=2), list(itertools.accumulate([1, 2, 3])))
print(functools.reduce(operator.mul, range(1, 6)), string.ascii_uppercase[:3])
h = [5, 1, 4]
heapq.heapify(h)
print(heapq.heappop(h), h, bisect.bisect([1, 3, 5], 4))
from os import path as p, sep
print(p.splitext("a.tar.gz"), sep)
