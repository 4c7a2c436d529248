import functools
class Circle:
    def __init__(self, r):
        self.r = r
    @functools.cached_property
    def area(self):
        print("computing area")
        return 3 * self.r ** 2
c = Circle(2)
print(c.area, c.area, "area" in vars(c))
class Meta:
    @property
    def computed(self):
        return [k for k in vars(type(self)) if not k.startswith("_")]
print(Meta().computed)
