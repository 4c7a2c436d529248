# `__class__` in a class body nested in a method: the class has its own implicit
# `__class__` cell (its methods use it) and `__class__` free from the method; the
# body reads the free one (CPython's test_super.test_various___class___pathologies).
class A:
    def f(self):
        return "A"


class Outer:
    def method(self):
        class X(A):
            def f(self):
                return super().f()
            __class__ = 413
        x = X()
        print(x.f(), x.__class__)

        class Y:
            y = __class__
            def f():
                __class__
        print(Y.y is Outer, Y.y.__name__)
        try:
            exec("class Z:\n    __class__\n    def f():\n        __class__\n", globals(), {})
        except NameError as e:
            print(type(e).__name__, e)

        class W:
            global __class__
            __class__ = 42
            def f():
                __class__
        print(globals()["__class__"], W.f.__closure__[0].cell_contents is W)
        del globals()["__class__"]
        return super().__init__


Outer().method()
