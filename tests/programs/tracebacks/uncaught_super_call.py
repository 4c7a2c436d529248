# fivefold: exit=1
class Base:
    def __init__(self, a):
        self.a = a
class Child(Base):
    def __init__(self, a, b):
        super().__init__(a, b)
        self.b = b
Child(1, 2)
