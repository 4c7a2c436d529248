a = []
b = []
a.append(a)
b.append(b)
try:
    print(a == b)
except RecursionError as e:
    print("RecursionError:", e)
nested = []
cur = nested
for _ in range(100000):
    cur.append([])
    cur = cur[0]
try:
    s = str(nested)
except RecursionError as e:
    print("RecursionError in str:", e)
