def make():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return fs
print([f() for f in make()])
def make_fixed():
    fs = []
    for i in range(3):
        def f(i=i):
            return i
        fs.append(f)
    return fs
print([f() for f in make_fixed()])
def outer():
    x = 1
    def show():
        return x
    x = 2
    r1 = show()
    x = 3
    return r1, show()
print(outer())
