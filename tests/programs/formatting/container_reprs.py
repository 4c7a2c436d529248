print([1, "a", 2.5, None, True], (1,), (), [()], {"k": [1, {"n": (2,)}]})
print({1, 2, 3}, set(), frozenset(), frozenset({1}), {"b": 1, "a": 2})
print(repr("quote's"), repr('double"'), repr("both'\""), repr("\n\t\\"), repr("\x01\x7f"))
import collections
print(collections.OrderedDict(a=1), collections.Counter("abca"), collections.deque([1, 2]), collections.defaultdict(int, {"x": 1}))
print(range(0, 10, 2), slice(1, 2), type(None), int, type, object, ValueError)
print(b"\x00\xffabc", bytearray(b"xy"), memoryview(b"").tolist(), complex(1, -1), 1j, -0j)
