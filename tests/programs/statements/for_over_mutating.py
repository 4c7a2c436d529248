items = [1, 2, 3, 4]
for x in items:
    if x == 2:
        items.remove(x)
print(items)
d = {"a": 1, "b": 2}
try:
    for k in d:
        d["c"] = 3
except RuntimeError as e:
    print("RuntimeError:", e)
s = {1, 2}
try:
    for v in s:
        s.add(v + 10)
except RuntimeError as e:
    print("RuntimeError:", e)
out = []
for v in items[:]:
    items.append(v * 10)
    out.append(v)
print(out, items)
