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

# Keyword-only defaults are shared by every call: each frame that takes one holds
# a reference of its own and gives it back (a count off by one either way shows).
import sys
_marker = ["kw-default"]
def kwonly_mixed(a, b=2, *, k=_marker, j=None): return (a, b, k is _marker, j)
def kwonly_star(*args, k=_marker, **rest): return (args, k is _marker, sorted(rest))
before = sys.getrefcount(_marker)
for i in range(300):
    r = (kwonly_mixed(i, j=i), kwonly_mixed(i, 3), kwonly_mixed(a=i, k=0),
         kwonly_star(i, z=1), kwonly_star(k=1))
print(r, sys.getrefcount(_marker) - before)
try:
    kwonly_mixed(1, k=1, j=2, q=3)
except TypeError as e:
    print("TypeError:", e)
