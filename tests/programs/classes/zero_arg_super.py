class Base:
    def __init__(self):
        self.log = ["Base"]
    def greet(self, x):
        return f"Base.greet({x})"
    @classmethod
    def make(cls):
        return f"Base.make for {cls.__name__}"
class Child(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Child")
    def greet(self, x):
        return "Child>" + super().greet(x)
    @classmethod
    def make(cls):
        return "Child>" + super().make()
    def uses_class_cell(self):
        return __class__.__name__
class Grand(Child):
    def greet(self, x):
        return "Grand>" + super().greet(x * 2)
    def explicit(self):
        return super(Child, self).greet("skip")
g = Grand()
print(g.log, g.greet(1), Grand.make(), g.uses_class_cell(), g.explicit())
def outside(self):
    return "no super here"
Child.extra = outside
print(g.extra())
