class Dyn:
    def __init__(self):
        self.real = "real"
    def __getattr__(self, name):
        if name.startswith("x_"):
            return name[2:].upper()
        raise AttributeError(f"no {name}")
class Logged:
    def __getattribute__(self, name):
        print("getattribute", name)
        return object.__getattribute__(self, name)
    def __setattr__(self, name, value):
        print("setattr", name, value)
        object.__setattr__(self, name, value)
    def __delattr__(self, name):
        print("delattr", name)
        object.__delattr__(self, name)
d = Dyn()
print(d.real, d.x_hello, getattr(d, "nope", "dflt"))
try:
    d.nope
except AttributeError as e:
    print("AttributeError:", e)
l = Logged()
l.a = 1
print(l.a)
del l.a
