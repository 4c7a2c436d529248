from dataclasses import dataclass
@dataclass
class Point:
    x: int
    y: int
@dataclass
class Circle:
    center: Point
    r: int
def where(shape):
    match shape:
        case Point(x=0, y=0):
            return "origin"
        case Point(x=0, y=y):
            return f"on y axis at {y}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Circle(center=Point(0, 0), r=r):
            return f"centered circle r={r}"
        case Circle(Point(x, y), r):
            return f"circle at {x},{y}"
        case int() | float() as n:
            return f"number {n}"
        case _:
            return "?"
for s in (Point(0, 0), Point(0, 5), Point(3, 3), Point(1, 2), Circle(Point(0, 0), 4), Circle(Point(1, 1), 2), 7, "x"):
    print(where(s))
