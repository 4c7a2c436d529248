# len and isinstance at hot call sites, called on many types, then rebound locally.
class Weird:
    def __len__(self): return 42
class Meta(type):
    def __instancecheck__(cls, obj): return obj == "magic"
class Magic(metaclass=Meta):
    pass

def probe(x, cls):
    return len(x), isinstance(x, cls)

data = [([1, 2], list), ("abc", str), ({1: 2}, dict), (Weird(), Weird), ("magic", Magic), ("plain", Magic)]
for x, cls in data * 2:
    print(probe(x, cls))
try:
    probe(5, int)
except TypeError as e:
    print("TypeError:", e)
try:
    probe([], 5)
except TypeError as e:
    print("TypeError:", e)
len = lambda x: -1
isinstance = lambda x, c: "shadowed"
print(probe([1], list))
