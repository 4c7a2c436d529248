def add_repr(cls):
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"
    cls.__repr__ = __repr__
    return cls
def register(registry):
    def deco(cls):
        registry[cls.__name__] = cls
        return cls
    return deco
REG = {}
@register(REG)
@add_repr
class Item:
    def __init__(self, name, qty):
        self.name = name
        self.qty = qty
print(Item("apple", 3), sorted(REG))
from dataclasses import dataclass, field
@dataclass(order=True)
class Card:
    rank: int
    suit: str = "spades"
    tags: list = field(default_factory=list)
cards = [Card(10), Card(2, "hearts"), Card(10, "clubs")]
print(sorted(cards), Card(1) == Card(1), Card.__annotations__)
