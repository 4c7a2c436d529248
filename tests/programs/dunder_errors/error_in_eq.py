class Picky:
    def __init__(self, v): self.v = v
    def __eq__(self, other):
        if not isinstance(other, Picky):
            raise TypeError(f"cannot compare Picky with {type(other).__name__}")
        return self.v == other.v
    __hash__ = object.__hash__
items = [Picky(1), Picky(2)]
print(Picky(1) == Picky(1))
for op in (lambda: Picky(1) == 1, lambda: 3 in items, lambda: items.index(5), lambda: items.count("x")):
    try:
        print(op())
    except TypeError as e:
        print("TypeError:", e)
print(items[0] in items)
