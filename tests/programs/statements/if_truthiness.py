class Truthy:
    def __init__(self, v): self.v = v
    def __bool__(self):
        print("__bool__", self.v)
        return self.v
class Lengthy:
    def __init__(self, n): self.n = n
    def __len__(self):
        print("__len__", self.n)
        return self.n
for obj in (Truthy(True), Truthy(False), Lengthy(0), Lengthy(3), 0, 0.0, 0j, "", "0", [], [[]], {}, set(), None, ...):
    if obj:
        print(type(obj).__name__, "truthy")
    else:
        print(type(obj).__name__, "falsy")
