# An instance's __dict__ is replaced, cleared and grown after the reads are specialized.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

def norm1(p):
    return abs(p.x) + abs(p.y)

p = Point(3, -4)
print([norm1(p) for _ in range(4)])
p.__dict__ = {"x": 10, "y": 20}
print(norm1(p))
p.__dict__.clear()
try:
    norm1(p)
except AttributeError as e:
    print("AttributeError:", e)
p.__dict__.update(x=1, y=1, z=5)
print(norm1(p), vars(p))
q = Point(1, 2)
for i in range(30):
    setattr(q, f"extra{i}", i)   # many keys: the dict is no longer the shared one
print(norm1(q), len(vars(q)))
del q.x
try:
    norm1(q)
except AttributeError as e:
    print("AttributeError:", e)
