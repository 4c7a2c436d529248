# One `+` site sees ints, then floats, then strs, then a mix, then a class with __add__.
def add(a, b):
    return a + b

class Money:
    def __init__(self, cents): self.cents = cents
    def __add__(self, other): return Money(self.cents + getattr(other, "cents", other))
    def __radd__(self, other): return Money(other + self.cents)
    def __repr__(self): return f"Money({self.cents})"

values = [(1, 2)] * 5 + [(1.5, 2.25)] * 5 + [("a", "b")] * 5 + [(1, 2.5), (2**100, 1), (True, True)]
values += [(Money(1), 2), (3, Money(4)), ([1], [2]), ((1,), (2,))]
for a, b in values:
    print(add(a, b))
for a, b in [(1, "x"), (None, 1)]:
    try:
        add(a, b)
    except TypeError as e:
        print("TypeError:", e)
