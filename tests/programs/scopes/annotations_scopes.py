T = int
def f(x: T) -> T:
    return x
class C:
    T = str
    def m(self, y: T) -> T:
        return y
    attr: T = "value"
print(f.__annotations__, C.m.__annotations__, C.__annotations__)
def g():
    local_type = float
    def h(z: local_type): pass
    return h.__annotations__
print(g())
