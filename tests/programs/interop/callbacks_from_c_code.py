import heapq, collections, re, json
class Item:
    def __init__(self, p, name):
        self.p, self.name = p, name
    def __lt__(self, other):
        return self.p < other.p
h = []
for p, n in [(3, "c"), (1, "a"), (2, "b")]:
    heapq.heappush(h, Item(p, n))
print([heapq.heappop(h).name for _ in range(3)])
dd = collections.defaultdict(lambda: "default!")
print(dd["missing"], dict(dd))
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
def default(o):
    if isinstance(o, set):
        return sorted(o)
    raise TypeError(f"not serializable {type(o).__name__}")
print(json.dumps({"s": {3, 1}}, default=default))
print(json.loads('{"a": 1.5}', parse_float=lambda s: f"float:{s}"))
try:
    json.dumps({"x": object()}, default=default)
except TypeError as e:
    print("TypeError:", e)
