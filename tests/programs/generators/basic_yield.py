def count(n):
    print("start")
    for i in range(n):
        print("yielding", i)
        yield i
    print("end")
g = count(3)
print(type(g).__name__, g.__name__, g.__qualname__)
for v in g:
    print("got", v)
print(list(g), next(g, "exhausted"))
