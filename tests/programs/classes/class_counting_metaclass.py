class Counted(type):
    instances = {}
    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        Counted.instances[cls.__name__] = Counted.instances.get(cls.__name__, 0) + 1
        return obj
    def __repr__(cls):
        return f"<class {cls.__name__} via Counted>"
class A(metaclass=Counted):
    pass
class B(A):
    def __init__(self, x):
        self.x = x
for _ in range(3):
    A()
B(1); B(2)
print(Counted.instances, A, B, type(A), isinstance(B, Counted))
print(type.__repr__(A)[:15], B.__class__.__name__)
