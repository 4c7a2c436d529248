x = "module"
def f():
    x = "function"
    class C:
        print("class body sees", x)
        x = "class"
        print("class body now", x)
        def m(self):
            return x
    return C
C = f()
print(C.x, C().m())
def g():
    y = "enclosing"
    class D:
        print("D sees", y)
        def m(self):
            return y
    return D().m()
print(g())
