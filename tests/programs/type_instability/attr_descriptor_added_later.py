# A data descriptor (property) shadows an instance attribute after specialization,
# then a non-data descriptor is added, then the class attribute goes away again.
class Thing:
    def __init__(self): self.size = 5

def size(t):
    return t.size

t = Thing()
print([size(t) for _ in range(3)])
Thing.size = property(lambda self: "from property")
print(size(t))
Thing.size = property(lambda self: 1 / 0)
try:
    size(t)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)

class NonData:
    def __get__(self, obj, owner): return "non-data descriptor"

Thing.size = NonData()
print(size(t))           # the instance dict wins over a non-data descriptor
del t.size
print(size(t))
del Thing.size
try:
    size(t)
except AttributeError as e:
    print("AttributeError:", e)
