class Ring:
    def __init__(self, *items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        if isinstance(i, slice):
            return Ring(*self.items[i])
        return self.items[i % len(self.items)]
    def __setitem__(self, i, v):
        self.items[i % len(self.items)] = v
    def __delitem__(self, i):
        del self.items[i % len(self.items)]
    def __iter__(self):
        return iter(self.items)
    def __reversed__(self):
        return reversed(self.items)
    def __contains__(self, v):
        return v in self.items
    def __repr__(self):
        return f"Ring{self.items}"
r = Ring(1, 2, 3)
print(len(r), r[4], r[-1], r[0:2], list(r), list(reversed(r)), 2 in r, bool(Ring()))
r[5] = 30
del r[3]
print(r, [x * 2 for x in r], sorted(r, reverse=True), *r)
