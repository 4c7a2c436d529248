# Slots read in a hot loop; then objects of another class, then __class__ is assigned.
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y): self.x, self.y = x, y

class Q:
    __slots__ = ("y", "x")
    def __init__(self, x, y): self.x, self.y = x, y

def total(points):
    s = 0
    for p in points:
        s += p.x * 10 + p.y
    return s

ps = [P(i, i + 1) for i in range(5)]
print(total(ps))
print(total([Q(i, i + 1) for i in range(5)]))
mixed = ps + [Q(1, 2)]
print(total(mixed))
e = P(1, 2)
del e.y
try:
    total([e])
except AttributeError as err:
    print("AttributeError:", err)
class R:
    __slots__ = ("x", "y")
r = R(); r.x = 7; r.y = 8
r.__class__ = P
print(total([r]))
