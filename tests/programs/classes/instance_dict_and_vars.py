class C:
    cls_attr = 1
    def __init__(self):
        self.a = 1
        self.b = [2]
c = C()
print(vars(c), c.__dict__ is vars(c), "cls_attr" in vars(C), type(vars(C)).__name__)
c.__dict__["z"] = 26
print(c.z, sorted(dir(c))[-4:])
c.__dict__.clear()
print(vars(c), hasattr(c, "a"), c.cls_attr)
