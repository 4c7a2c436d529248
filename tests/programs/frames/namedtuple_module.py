from collections import namedtuple
import typing
Point = namedtuple("Point", "x y")
print(Point.__module__, Point(1, 2), Point._fields, Point(1, 2)._replace(x=5))
def factory():
    Local = namedtuple("Local", ["a", "b"], defaults=[0])
    return Local
L = factory()
print(L.__module__, L(1), L.__qualname__)
class Employee(typing.NamedTuple):
    name: str
    dept: str = "eng"
print(Employee.__module__, Employee("ann"), Employee._field_defaults)
import enum
Color = enum.Enum("Color", "RED GREEN")
print(Color.__module__, list(Color))
