def g():
    return [(yield i) for i in range(2)]
print(g)
