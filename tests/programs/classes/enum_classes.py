import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    def describe(self):
        return f"{self.name.lower()}={self.value}"
print(Color.RED, repr(Color.GREEN), Color(3), Color["RED"], [c.describe() for c in Color])
class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1
print(Perm.R | Perm.W, int(Perm.R | Perm.X), Perm.W in (Perm.R | Perm.W))
class Auto(enum.Enum):
    A = enum.auto()
    B = enum.auto()
print(list(Auto), Auto.B.value, Color.RED is Color(1))
try:
    Color(9)
except ValueError as e:
    print("ValueError:", e)
