# __getattr__ and __getattribute__ are added to a class after its attribute reads are hot.
class Box:
    def __init__(self): self.value = 1

def read(b):
    try:
        return b.value, b.missing
    except AttributeError as e:
        return b.value, f"AttributeError: {e}"

b = Box()
print([read(b) for _ in range(3)])
Box.__getattr__ = lambda self, name: f"<{name} via __getattr__>"
print(read(b))
Box.__getattribute__ = lambda self, name: f"<{name} via __getattribute__>"
print(read(b))
del Box.__getattribute__
print(read(b))
del Box.__getattr__
print(read(b))
