class Key:
    def __init__(self, k):
        self.k = k
    def __eq__(self, other):
        print("eq", self.k, getattr(other, "k", other))
        return isinstance(other, Key) and self.k.lower() == other.k.lower()
    def __hash__(self):
        return hash(self.k.lower())
d = {Key("A"): 1}
print(d[Key("a")], Key("x") in {Key("X")}, Key("q") == "q", Key("a") != Key("A"))
class NoHash:
    def __eq__(self, o):
        return True
try:
    {NoHash()}
except TypeError as e:
    print("TypeError:", e)
print(NoHash.__hash__)
class Ordered:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return f"O{self.v}"
print(sorted([Ordered(3), Ordered(1), Ordered(2)]), max(Ordered(5), Ordered(9)), Ordered(1) > Ordered(0))
