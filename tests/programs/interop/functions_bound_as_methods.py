def describe(self):
    return f"<{type(self).__name__} {self.v}>"
def add(self, n):
    self.v += n
    return self
class A:
    def __init__(self, v):
        self.v = v
A.describe = describe
A.add = add
A.__repr__ = describe
a = A(1)
print(a.describe(), a.add(4).describe(), a, A.describe(a))
m = describe.__get__(a)
print(m(), type(m).__name__, m.__func__ is describe)
import types
b = A(10)
b.special = types.MethodType(lambda self: self.v * 2, b)
print(b.special())
class B:
    method = len
print(B.method("abcd"))
