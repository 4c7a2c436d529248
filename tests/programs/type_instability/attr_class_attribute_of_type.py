# Attribute reads on a class object (not an instance): classmethods, staticmethods,
# class attributes changed through the metaclass, and a metaclass property.
class Meta(type):
    @property
    def kind(cls): return f"meta-kind of {cls.__name__}"

class Conf(metaclass=Meta):
    limit = 10
    @classmethod
    def make(cls): return cls.__name__
    @staticmethod
    def helper(x): return x + 1

def read(c):
    return c.limit, c.make(), c.helper(1), c.kind

print([read(Conf) for _ in range(3)])
Conf.limit = 20
print(read(Conf))
class Sub(Conf):
    limit = 30
print(read(Sub))
Meta.kind = property(lambda cls: "changed on the metaclass")
print(read(Conf))
Conf.helper = staticmethod(lambda x: x * 100)
print(read(Conf), read(Sub))
