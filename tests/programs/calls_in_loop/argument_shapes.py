def exact(a, b): return a - b
def defaults(a, b=10, c=(1, 2)): return (a, b, c)
def kw(a, *, k=3): return a + k
def star(*args, **kwargs): return (args, sorted(kwargs))
def cells(x):
    def inner(y): return x + y
    return inner
class Base:
    def who(self, n=1): return ("Base", n)
class Child(Base):
    def who(self, n=2): return ("Child",) + super().who(n)
    @staticmethod
    def s(v): return v * 3
    @classmethod
    def c(cls, v): return (cls.__name__, v)
for i in range(3):   # twice to specialize, once specialized
    print(exact(5, 2), exact(b=1, a=4), defaults(1), defaults(1, 2), defaults(1, 2, 3))
    print(kw(1), kw(1, k=5), star(1, 2, x=3), star(*[1], **{"y": 2}))
    print(cells(1)(2), Child().who(), Child().who(7), Child.s(2), Child.c(4))
    print(sorted([3, 1, 2], key=lambda v: -v), list(map(exact, [5, 6], [1, 1])))
