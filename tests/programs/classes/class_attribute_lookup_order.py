class D:
    def __get__(self, obj, t=None):
        return "data descriptor"
    def __set__(self, obj, v):
        print("descriptor set", v)
class ND:
    def __get__(self, obj, t=None):
        return "non-data descriptor"
class C:
    d = D()
    nd = ND()
    plain = "class attr"
c = C()
c.__dict__.update(d="instance d", nd="instance nd", plain="instance plain")
print(c.d, c.nd, c.plain)
c.d = 5
del c.__dict__["plain"]
print(c.plain, C.d, C.nd)
class Sub(C):
    plain = "sub attr"
print(Sub().plain, Sub.__mro__[1].__name__)
