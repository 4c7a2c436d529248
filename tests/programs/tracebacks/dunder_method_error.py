# fivefold: exit=1
class Vector:
    def __init__(self, *xs):
        self.xs = xs
    def __add__(self, other):
        return Vector(*(a + b for a, b in zip(self.xs, other.xs, strict=True)))
v = Vector(1, 2) + Vector(3, 4)
print(v.xs)
w = Vector(1, 2) + Vector(1, 2, 3)
