from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r): self.r = r
    def area(self): return 3.14159 * self.r ** 2
class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s * self.s
for s in (Circle(1), Square(3)):
    print(s.describe())
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
class Incomplete(Shape):
    pass
try:
    Incomplete()
except TypeError as e:
    print("TypeError:", e)
print(isinstance(Circle(2), Shape), sorted(Shape.__abstractmethods__))
