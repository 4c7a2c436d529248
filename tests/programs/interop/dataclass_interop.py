from dataclasses import dataclass, field, asdict, replace
@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    def dist2(self):
        return self.x ** 2 + self.y ** 2
@dataclass
class Poly:
    name: str
    pts: list = field(default_factory=list)
    def __post_init__(self):
        self.name = self.name.title()
p = Point(3, 4)
print(p, p.dist2(), asdict(p), replace(p, y=1), p == Point(3, 4), hash(p) == hash(Point(3, 4)))
try:
    p.x = 1
except Exception as e:
    print(type(e).__name__, e)
poly = Poly("tri angle", [p, Point(1)])
print(poly, asdict(poly))
