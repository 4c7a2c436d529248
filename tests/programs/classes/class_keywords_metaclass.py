class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        print("Meta.__new__", name, sorted(k for k in ns if not k.startswith("__")), kw)
        cls = super().__new__(mcls, name, bases, ns)
        cls.tag = kw.get("tag", "none")
        return cls
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
    def __call__(cls, *a):
        print("Meta.__call__", cls.__name__, a)
        return super().__call__(*a)
class A(metaclass=Meta, tag="alpha"):
    x = 1
    def f(self):
        pass
class B(A, tag="beta"):
    pass
print(A.tag, B.tag, type(B).__name__)
b = B()
class Plugin:
    registry = []
    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.registry.append(name or cls.__name__)
class P1(Plugin, name="first"):
    pass
class P2(Plugin):
    pass
print(Plugin.registry)
