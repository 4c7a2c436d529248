class Item:
    def __init__(self, v): self.v = v
    def __lt__(self, other):
        if self.v is None or other.v is None:
            raise TypeError("cannot order None items")
        return self.v < other.v
    def __repr__(self): return f"Item({self.v})"
items = [Item(3), Item(1), Item(2)]
print(sorted(items))
items.append(Item(None))
try:
    items.sort()
except TypeError as e:
    print("TypeError:", e)
print(items)
