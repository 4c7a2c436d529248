"""Cells with formulas, dependency resolution, cycle detection and error values."""
import re
class CycleError(Exception):
    pass
class Sheet:
    def __init__(self):
        self.cells = {}
        self.cache = {}
    def set(self, name, value):
        self.cells[name] = value
        self.cache.clear()
    def get(self, name, visiting=()):
        if name in self.cache:
            return self.cache[name]
        if name in visiting:
            raise CycleError(" -> ".join(visiting + (name,)))
        raw = self.cells.get(name, 0)
        if isinstance(raw, str) and raw.startswith("="):
            expr = raw[1:]
            refs = {r: self.get(r, visiting + (name,)) for r in re.findall(r"[A-Z]\d+", expr)}
            funcs = {"SUM": lambda *a: sum(a), "MAX": max, "AVG": lambda *a: sum(a) / len(a)}
            value = eval(re.sub(r"([A-Z]\d+)", lambda m: f"refs[{m.group(1)!r}]", expr), {"refs": refs, **funcs})
        else:
            value = raw
        self.cache[name] = value
        return value
s = Sheet()
s.set("A1", 10)
s.set("A2", 32)
s.set("A3", "=A1 + A2")
s.set("B1", "=SUM(A1, A2, A3) * 2")
s.set("B2", "=AVG(A1, A2)")
s.set("C1", "=A1 / (A2 - 32)")
s.set("D1", "=D2 + 1")
s.set("D2", "=D3 + 1")
s.set("D3", "=D1")
s.set("E1", "=A1 +")
for cell in ("A3", "B1", "B2", "C1", "D1", "E1", "Z9"):
    try:
        print(cell, "=", s.get(cell))
    except CycleError as e:
        print(cell, "#CYCLE", e)
    except ZeroDivisionError as e:
        print(cell, "#DIV/0", e)
    except SyntaxError as e:
        print(cell, "#SYNTAX", e.msg)
s.set("A2", 0)
print("after change B1 =", s.get("B1"))
