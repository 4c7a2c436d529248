# Replacing list items, dict values and attributes whose old value has a __del__
# that looks at the container being changed.
class Noisy:
    def __init__(self, name, watch): self.name, self.watch = name, watch
    def __del__(self):
        print(f"  del {self.name}: container now {self.watch()!r}")

items = [None, None]
for i in range(3):
    items[0] = Noisy(f"item{i}", lambda: [getattr(x, "name", x) for x in items])
items[0] = "done"
table = {}
for i in range(3):
    table["k"] = Noisy(f"value{i}", lambda: sorted(table))
table["k"] = 0
class Holder:
    pass
h = Holder()
for i in range(3):
    h.attr = Noisy(f"attr{i}", lambda: type(h.__dict__.get("attr")).__name__)
h.attr = None
print("end")
