# One comparison site sees ints, floats (nan, inf), strs, then objects with rich comparisons.
import functools

def lt(a, b):
    return a < b

@functools.total_ordering
class Version:
    def __init__(self, *parts): self.parts = parts
    def __eq__(self, other): return self.parts == other.parts
    def __lt__(self, other): return self.parts < other.parts

pairs = [(1, 2), (3, 2), (2, 2)] * 2 + [(1.0, float("nan")), (float("-inf"), -1e308), (0.0, -0.0)]
pairs += [("a", "b"), ("b", "ab"), ("", "")] + [(1, 2.5), (2**70, 2**70 + 1), (Version(1, 2), Version(1, 10))]
print([lt(a, b) for a, b in pairs])
for a, b in [(1, "1"), (None, None), ([1], (1,))]:
    try:
        lt(a, b)
    except TypeError as e:
        print("TypeError:", e)
