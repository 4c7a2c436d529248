import collections.abc, numbers
class MyMapping(collections.abc.Mapping):
    def __init__(self, d):
        self._d = dict(d)
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(sorted(self._d))
    def __len__(self):
        return len(self._d)
m = MyMapping({"b": 2, "a": 1})
print(list(m), dict(m), m.get("z", 0), "a" in m, list(m.items()), m == {"a": 1, "b": 2})
class MySeq(collections.abc.Sequence):
    def __getitem__(self, i):
        return [10, 20, 30][i]
    def __len__(self):
        return 3
s = MySeq()
print(list(s), s.index(20), 30 in s, list(reversed(s)), s.count(10))
print(isinstance(3, numbers.Integral), isinstance(3.0, numbers.Real), issubclass(MyMapping, collections.abc.Iterable))
