def outer(a):
    b = a * 2
    def inner(c):
        return a + b + c
    return inner
f = outer(1)
print(f(10), f.__code__.co_freevars, outer.__code__.co_cellvars)
print([c.cell_contents for c in f.__closure__])
def cell_arg(x):
    def get():
        return x
    x = x + 1
    return get
print(cell_arg(5)())
def shared():
    v = []
    def push(x):
        v.append(x)
    def peek():
        return list(v)
    return push, peek
push, peek = shared()
push(1); push(2)
print(peek(), push.__closure__[0] is peek.__closure__[0])
def empty_cell():
    def g():
        return late
    try:
        g()
    except NameError as e:
        print("NameError:", e)
    late = "now set"
    return g()
print(empty_cell())
