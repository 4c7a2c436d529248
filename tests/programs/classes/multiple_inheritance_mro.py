class A:
    def who(self):
        return ["A"]
class B(A):
    def who(self):
        return ["B"] + super().who()
class C(A):
    def who(self):
        return ["C"] + super().who()
class D(B, C):
    def who(self):
        return ["D"] + super().who()
print(D().who(), [k.__name__ for k in D.mro()])
class Mixin:
    def describe(self):
        return f"<{self.label()}>"
class Base:
    def label(self):
        return "base"
class Both(Mixin, Base):
    pass
print(Both().describe())
try:
    class Bad(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)
