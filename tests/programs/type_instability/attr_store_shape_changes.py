# Stores to attributes while objects change shape, class gets __setattr__, slots vary.
class Rec:
    def __init__(self): self.a = 0

def bump(r):
    r.a = r.a + 1
    return r.a

r = Rec()
print([bump(r) for _ in range(4)])
r.__dict__ = {"a": 100}
print(bump(r))
class Logged(Rec):
    def __setattr__(self, name, value):
        print("  set", name, value)
        object.__setattr__(self, name, value)
print(bump(Logged()))
Rec.__setattr__ = lambda self, name, value: object.__setattr__(self, name, value * 10)
print(bump(r), bump(r))
del Rec.__setattr__
print(bump(r))
class Frozen:
    __slots__ = ()
try:
    bump(Frozen())
except AttributeError as e:
    print("AttributeError:", e)
