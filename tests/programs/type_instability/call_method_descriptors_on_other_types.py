# list.append and str methods at hot sites, then called on subclasses and other types.
class MyList(list):
    def append(self, x):
        super().append(("wrapped", x))

def add_all(target, items):
    for i in items:
        target.append(i)
    return target

print(add_all([], range(5)))
print(add_all(MyList(), range(3)))
class Log:
    def __init__(self): self.lines = []
    def append(self, x): self.lines.append(str(x))
print(add_all(Log(), [1, 2]).lines)
def strip_all(items):
    return [s.strip().upper() for s in items]
print(strip_all([" a ", "b  ", "  c"]))
class S(str):
    def strip(self): return "custom"
print(strip_all([" a ", S(" b ")]))
try:
    add_all((), [1])
except AttributeError as e:
    print("AttributeError:", e)
