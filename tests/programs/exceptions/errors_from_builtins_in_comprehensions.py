data = ["1", "2", "x", "4", "0"]
def parse(items):
    out = []
    for s in items:
        try:
            out.append(100 // int(s))
        except ValueError as e:
            out.append(f"VE({e})")
        except ZeroDivisionError as e:
            out.append(f"ZDE({e})")
    return out
print(parse(data))
try:
    print([100 // int(s) for s in data])
except ValueError as e:
    print("comprehension raised:", e)
try:
    print({s: 1 / int(s) for s in ["1", "0"]})
except ZeroDivisionError as e:
    print("dict comprehension raised:", e)
try:
    print(sum(int(s) for s in data))
except ValueError as e:
    print("genexpr raised:", e)
