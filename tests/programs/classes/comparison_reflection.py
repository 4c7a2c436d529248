class A:
    def __init__(self, v): self.v = v
    def __eq__(self, o):
        print(f"A.__eq__({self.v}, {getattr(o, 'v', o)})")
        return NotImplemented
    def __lt__(self, o):
        print("A.__lt__")
        return NotImplemented
class B:
    def __init__(self, v): self.v = v
    def __eq__(self, o):
        print(f"B.__eq__({self.v}, {getattr(o, 'v', o)})")
        return self.v == getattr(o, "v", None)
    def __gt__(self, o):
        print("B.__gt__")
        return self.v > o.v
print(A(1) == B(1))
print(A(1) != B(2))
print(A(1) < B(5))
print(A(1) == A(1))
try:
    A(1) < A(2)
except TypeError as e:
    print("TypeError:", e)
