# fivefold: exit=1
class Order:
    def __init__(self, items):
        self.items = items
    @property
    def total(self):
        return sum(i["price"] * i["qty"] for i in self.items)
print(Order([{"price": 2, "qty": 3}]).total)
print(Order([{"price": 2}]).total)
