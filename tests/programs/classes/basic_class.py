class Point:
    """A 2D point."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
print(p, p.norm2(), p.dims, Point.dims, Point.__doc__, Point.__name__, Point.__qualname__, Point.__module__)
p.dims = 3
print(p.dims, Point.dims, sorted(p.__dict__))
print(Point.norm2(p), type(p) is Point, isinstance(p, object))
