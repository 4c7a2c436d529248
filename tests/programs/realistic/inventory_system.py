"""Inventory with dataclasses, generators for reports, and validation errors."""
from dataclasses import dataclass, field
from collections import defaultdict
@dataclass
class Product:
    sku: str
    name: str
    price: float
    tags: set = field(default_factory=set)
@dataclass
class StockLine:
    product: Product
    qty: int = 0
class InventoryError(Exception):
    pass
class Inventory:
    def __init__(self):
        self.lines = {}
        self.events = []
    def add_product(self, product):
        if product.sku in self.lines:
            raise InventoryError(f"duplicate sku {product.sku}")
        if product.price < 0:
            raise InventoryError(f"negative price for {product.sku}")
        self.lines[product.sku] = StockLine(product)
    def receive(self, sku, qty):
        line = self._line(sku)
        line.qty += qty
        self.events.append(("in", sku, qty))
    def ship(self, sku, qty):
        line = self._line(sku)
        if qty > line.qty:
            raise InventoryError(f"cannot ship {qty} of {sku}: only {line.qty} in stock")
        line.qty -= qty
        self.events.append(("out", sku, qty))
    def _line(self, sku):
        try:
            return self.lines[sku]
        except KeyError:
            raise InventoryError(f"unknown sku {sku}") from None
    def valuation(self):
        for sku, line in sorted(self.lines.items()):
            yield sku, line.qty, round(line.qty * line.product.price, 2)
    def by_tag(self):
        out = defaultdict(list)
        for line in self.lines.values():
            for t in sorted(line.product.tags):
                out[t].append(line.product.name)
        return dict(sorted(out.items()))
inv = Inventory()
for p in [Product("A1", "bolt", 0.1, {"hardware"}), Product("B2", "hammer", 12.5, {"tools", "hardware"}),
          Product("C3", "glue", 3.25, {"supplies"}), Product("A1", "dup", 1.0), Product("D4", "bad", -1.0)]:
    try:
        inv.add_product(p)
        print("added", p.name)
    except InventoryError as e:
        print("InventoryError:", e)
ops = [("receive", "A1", 500), ("receive", "B2", 10), ("ship", "A1", 120), ("ship", "B2", 11), ("ship", "Z9", 1),
       ("receive", "C3", 40), ("ship", "C3", 40)]
for op, sku, qty in ops:
    try:
        getattr(inv, op)(sku, qty)
        print(f"{op} {sku} {qty}: ok")
    except InventoryError as e:
        print(f"{op} {sku} {qty}: {e}")
total = 0
for sku, qty, value in inv.valuation():
    print(f"{sku} {qty:>5} {value:>8.2f}")
    total += value
print(f"total {total:.2f}", inv.by_tag(), len(inv.events))
