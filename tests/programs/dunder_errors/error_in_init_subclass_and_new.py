class Base:
    def __init_subclass__(cls, **kw):
        if not cls.__name__.startswith("Ok"):
            raise TypeError(f"bad subclass name {cls.__name__}")
class OkChild(Base):
    pass
try:
    class BadChild(Base):
        pass
except TypeError as e:
    print("TypeError:", e)
class Weird:
    def __new__(cls, x):
        if x < 0:
            raise ValueError("negative")
        return super().__new__(cls)
    def __init__(self, x):
        self.x = x
print(Weird(1).x)
try:
    Weird(-1)
except ValueError as e:
    print("ValueError:", e)
class InitReturns:
    def __init__(self):
        return 5
try:
    InitReturns()
except TypeError as e:
    print("TypeError:", e)
