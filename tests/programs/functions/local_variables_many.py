def compute(n):
    a = n + 1
    b = a * 2
    c = b - 3
    d = c // 2
    e = d % 7
    f = [a, b, c, d, e]
    g = {"sum": sum(f)}
    h = tuple(f)
    i = h[::-1]
    j = "-".join(map(str, i))
    return j, g
for n in (0, 5, 100):
    print(compute(n))
def unbound():
    try:
        print(value)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    value = 1
    return value
print(unbound())
def deleted():
    x = 1
    del x
    try:
        return x
    except NameError as e:
        return f"{type(e).__name__}: {e}"
print(deleted())
