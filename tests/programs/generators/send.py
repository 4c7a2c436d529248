def averager():
    total = 0
    count = 0
    avg = None
    while True:
        value = yield avg
        print("received", value)
        if value is None:
            break
        total += value
        count += 1
        avg = total / count
    return avg
g = averager()
print(next(g))
for v in (10, 20, 60):
    print("avg", g.send(v))
try:
    g.send(None)
except StopIteration as e:
    print("StopIteration value", e.value)
g2 = averager()
try:
    g2.send(5)
except TypeError as e:
    print("TypeError:", e)
