class N:
    def __init__(self, v): self.v = v
    def __neg__(self): return N(-self.v)
    def __pos__(self): return N(self.v + 100)
    def __invert__(self): return N(~self.v)
    def __bool__(self):
        print("bool called")
        return self.v != 0
    def __repr__(self): return f"N({self.v})"
n = N(5)
print(-n, +n, ~n, not n, not N(0))
print(-True, +False, ~True, -(-3), --3, not not 1)
print(-0.0, -(2 ** 64), +3.5)
