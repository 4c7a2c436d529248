# fivefold: exit=1
class Base:
    def process(self, x):
        return self.step(x) * 2
    def step(self, x):
        raise NotImplementedError(f"{type(self).__name__}.step")
class Good(Base):
    def step(self, x):
        return x + 1
class Forgot(Base):
    pass
print(Good().process(1))
print(Forgot().process(1))
