d = {"a": 1, "b": 2, "c": 3}
k, v, i = d.keys(), d.values(), d.items()
print(k, v, i, len(k), "a" in k, 2 in v, ("b", 2) in i)
d["d"] = 4
print(list(k), list(v), list(i))
print(k & {"a", "z"}, k | {"z"}, k - {"a"}, sorted(k ^ {"a", "q"}), i & {("a", 1)})
print(list(reversed(d)), list(reversed(d.values())), d == dict(i), dict(sorted(d.items(), reverse=True)))
del d["a"]
print(list(k), sorted(d.items(), key=lambda kv: -kv[1]))
