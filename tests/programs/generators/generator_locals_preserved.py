def stateful():
    total = 0
    items = []
    for i in range(4):
        total += i
        items.append(i)
        sent = yield total, list(items)
        if sent:
            items.clear()
            print("cleared by", sent)
g = stateful()
print(next(g))
print(next(g))
print(g.send("caller"))
print(next(g))
