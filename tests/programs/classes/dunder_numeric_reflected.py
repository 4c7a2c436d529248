class M:
    def __init__(self, v): self.v = v
    def __add__(self, o):
        print("__add__", o)
        return NotImplemented if not isinstance(o, (int, M)) else M(self.v + (o.v if isinstance(o, M) else o))
    def __radd__(self, o):
        print("__radd__", o)
        return M(o + self.v)
    def __iadd__(self, o):
        print("__iadd__", o)
        self.v += o
        return self
    def __repr__(self): return f"M({self.v})"
m = M(1)
print(m + 2, 3 + m, m + M(5))
m += 10
print(m)
print(sum([M(1), M(2)], M(0)))
try:
    m + "s"
except TypeError as e:
    print("TypeError:", e)
class Sub(M):
    def __radd__(self, o):
        print("Sub.__radd__")
        return "sub wins"
print(M(1) + Sub(2))
