class Singleton:
    _instance = None
    def __new__(cls, *a):
        print("__new__", cls.__name__, a)
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance
    def __init__(self, v):
        print("__init__", v)
        self.v = v
a = Singleton(1)
b = Singleton(2)
print(a is b, a.v)
class Upper(str):
    def __new__(cls, s):
        return super().__new__(cls, s.upper())
u = Upper("shout")
print(u, type(u).__name__, u + "!", isinstance(u, str))
class NotInit:
    def __new__(cls):
        return 42
print(NotInit())
