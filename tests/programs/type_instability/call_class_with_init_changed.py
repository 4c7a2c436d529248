# Instances created at a hot call site while the class's __init__ and __new__ change.
class Node:
    def __init__(self, v): self.v = v

def make(cls, v):
    return cls(v)

print([make(Node, i).v for i in range(4)])
Node.__init__ = lambda self, v: setattr(self, "v", v * 10)
print(make(Node, 2).v)
def new(cls, v):
    obj = object.__new__(cls)
    obj.made_by_new = True
    return obj
Node.__new__ = new
n = make(Node, 3)
print(n.v, n.made_by_new)
class Other(Node):
    def __init__(self, v, extra=0): super().__init__(v + extra)
print(make(Other, 4).v)
try:
    make(lambda: None, 1)
except TypeError as e:
    print("TypeError:", e)
