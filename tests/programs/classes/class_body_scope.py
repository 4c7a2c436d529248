x = "global x"
class C:
    x = "class x"
    y = x + "!"
    items = [x for _ in range(2)]
    def method(self):
        return x
    z = [i * 2 for i in range(3)]
    del z
print(C.y, C.items, C().method(), hasattr(C, "z"))
def f():
    v = "enclosing"
    class D:
        w = v
        def get(self):
            return v
    class E:
        try:
            w = v
        except NameError as e:
            w = "NameError: " + str(e)
        v = "class v"
        def get(self):
            return v
    return D.w, D().get(), E.w, E.v, E().get()
print(f())
class E:
    counter = 0
    for i in range(3):
        counter += i
    del i
print(E.counter, hasattr(E, "i"))
