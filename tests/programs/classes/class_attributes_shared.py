class Shared:
    items = []
    count = 0
    def add(self, x):
        self.items.append(x)
        self.count += 1
a, b = Shared(), Shared()
a.add(1); b.add(2); a.add(3)
print(Shared.items, a.count, b.count, Shared.count, a.items is b.items)
Shared.count = 100
print(a.count, b.count, Shared().count)
