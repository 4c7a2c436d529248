x = 1
f = lambda: x
x = 2
print(f())
def make(y):
    return lambda z: lambda: y + z
print(make(10)(5)())
g = lambda n: (lambda: n * 2)()
print(g(21))
h = lambda: [lambda: i for i in range(2)]
print([k() for k in h()])
