def tag(name):
    def deco(fn):
        def w(*a):
            return f"<{name}>{fn(*a)}</{name}>"
        w.__name__ = f"{name}_{fn.__name__}"
        return w
    return deco
def upper(fn):
    return lambda *a: fn(*a).upper()
@tag("b")
@tag("i")
@upper
def text(s):
    return s
print(text("hi"), text.__name__)
class Cls:
    @staticmethod
    @tag("s")
    def st(x):
        return x
    @classmethod
    @property
    def name(cls):
        return cls.__name__
print(Cls.st("v"), Cls().st("w"))
decorators = [tag("x"), tag("y")]
@decorators[1]
def f():
    return "f"
print(f())
