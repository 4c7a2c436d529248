# One subscript site sees lists, tuples, dicts, strings, negative and huge indexes,
# slices, dict subclasses with __missing__, and classes with __getitem__/__class_getitem__.
import collections

def get(c, k):
    return c[k]

class Grid:
    def __getitem__(self, key): return ("grid", key)

cases = [([1, 2, 3], 0)] * 3 + [([1, 2, 3], -1), ((4, 5), 1), ({"a": 1}, "a"), ("str", 2),
         ([1, 2, 3], slice(1, None)), (collections.defaultdict(int), "x"), (Grid(), (1, 2)),
         (list, int), (range(10), 3), ({(1, 2): "tuple key"}, (1, 2))]
print([get(c, k) for c, k in cases])
for c, k in [([1], 1), ((), 0), ({}, "missing"), ({}, (1, 2)), ([1], 2**70), ([1], "0"), (5, 0)]:
    try:
        get(c, k)
    except (IndexError, KeyError, TypeError) as e:
        print(type(e).__name__ + ":", e)
def put(c, k, v):
    c[k] = v
    return c
print(put([0, 0], 0, 1), put([0, 0], -1, 2), put({}, "k", 3), put([0, 0, 0], slice(0, 2), [9]))
class Rec(dict):
    def __setitem__(self, k, v): super().__setitem__(k, v * 2)
print(put(Rec(), "z", 21))
for c, k in [([0], 5), ((0,), 0), ({}, [])]:
    try:
        put(c, k, 1)
    except (IndexError, TypeError) as e:
        print(type(e).__name__ + ":", e)
