class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{getattr(item, '__name__', item)}]"
print(Box[int], Box["x"], list[int], dict[str, list[int]], tuple[int, ...])
from typing import Generic, TypeVar
T = TypeVar("T")
class Stack(Generic[T]):
    def __init__(self):
        self.items: list[T] = []
    def push(self, x: T) -> None:
        self.items.append(x)
s = Stack[int]()
s.push(1)
print(s.items, Stack[int].__origin__ is Stack, type(list[int]).__name__)
