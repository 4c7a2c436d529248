class Outer:
    class Inner:
        def method(self):
            pass
        class Deep:
            pass
    def m(self):
        class Local:
            pass
        return Local
print(Outer.__qualname__, Outer.Inner.__qualname__, Outer.Inner.method.__qualname__)
print(Outer.Inner.Deep.__qualname__, Outer().m().__qualname__, Outer.__module__)
def factory():
    class Made:
        pass
    return Made
print(factory().__qualname__, factory().__name__, factory.__qualname__)
print(repr(Outer)[:20], str(Outer.Inner))
