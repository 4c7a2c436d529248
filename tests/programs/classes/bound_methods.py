class C:
    def __init__(self, v):
        self.v = v
    def get(self):
        return self.v
c = C(5)
m = c.get
print(m(), m.__self__ is c, m.__func__ is C.get, m.__name__, m.__qualname__)
print(C.get(c), list(map(C.get, [C(1), C(2)])))
c2 = C(7)
print(C.get.__get__(c2)())
f = c.get
c.v = 9
print(f())
print(m == c.get, m is c.get)
c.get = lambda: "instance attribute"
print(c.get(), C.get(c))
