s = {3, 1, 2}
s.add(5); s.discard(1); s |= {9}; s -= {2}
print(sorted(s), 3 in s, len(s), s <= {3, 5, 9, 10}, s > {3})
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, list(d), list(d.values()), list(d.items()))
print(d.get("z"), d.get("z", 0), d.setdefault("e", []), d.pop("b"), d)
d.update(x=1); d |= {"y": 2}
print(d, {**d} == d, d | {"a": 100})
print({k: v for k, v in sorted(d.items()) if v})
print(frozenset({1, 2}) == {1, 2}, dict.fromkeys("ab", 0))
