# A method resolved through the MRO at a hot site; then __bases__ is assigned,
# a mixin defines the method earlier in the MRO, and a subclass overrides it.
class A:
    def who(self): return "A"
class B:
    def who(self): return "B"
class C(A):
    pass

def ask(o):
    return o.who()

c = C()
print([ask(c) for _ in range(3)])
C.__bases__ = (B,)
print(ask(c))
A.who = lambda self: "A changed"
print(ask(c))
C.__bases__ = (A,)
print(ask(c))
C.who = lambda self: "C's own"
print(ask(c))
del C.who, A.who
try:
    ask(c)
except AttributeError as e:
    print("AttributeError:", e)
