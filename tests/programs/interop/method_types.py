import types
class C:
    def m(self): pass
    @classmethod
    def cm(cls): pass
    @staticmethod
    def sm(): pass
c = C()
print(type(C.m).__name__, type(c.m).__name__, type(C.cm).__name__, type(c.sm).__name__)
print(isinstance(c.m, types.MethodType), isinstance(C.m, types.FunctionType), c.cm.__self__ is C)
print(C.m.__qualname__, c.cm.__func__.__qualname__, C.sm.__name__)
print(type(len).__name__, type([].append).__name__, type(str.upper).__name__)
