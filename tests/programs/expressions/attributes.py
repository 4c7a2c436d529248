class Box:
    pass
b = Box()
b.x = 1
b.y = [1, 2]
b.y.append(3)
b.inner = Box()
b.inner.z = "deep"
print(b.x, b.y, b.inner.z)
print(getattr(b, "x"), getattr(b, "nope", "default"), hasattr(b, "y"))
setattr(b, "w", 9)
print(b.w, sorted(vars(b)))
delattr(b, "w")
print(hasattr(b, "w"))
del b.x
print(sorted(b.__dict__))
print("abc".upper.__name__, (1).real, (3 + 4j).imag)
