l = list(range(10))
del l[0]
del l[-1], l[2]
print(l)
del l[::3]
print(l)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)
class A:
    pass
a = A()
a.x = 1
del a.x
try:
    del a.x
except AttributeError as e:
    print("AttributeError:", e)
x, y = 1, 2
del x, y
print("x" in dir(), "y" in dir())
t = (1, 2)
try:
    del t[0]
except TypeError as e:
    print("TypeError:", e)
