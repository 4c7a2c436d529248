class Node:
    def __init__(self):
        self.child = self
    def __repr__(self):
        return f"Node({self.child!r})"
try:
    repr(Node())
except RecursionError as e:
    print("RecursionError from __repr__:", e)
l = [1]
l.append(l)
print(l)
d = {}
d["self"] = d
print(d)
class Deep:
    def __getattr__(self, name):
        return getattr(self, "_" + name)
try:
    Deep().x
except RecursionError as e:
    print("RecursionError from __getattr__:", type(e).__name__)
