try:
    g = (x for x in 5)
except TypeError as e:
    print("TypeError at creation:", e)
g = (1 / x for x in [1, 0, 2])
print(next(g))
try:
    next(g)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(list(g))
lazy = (undefined_name for _ in range(1))
print("creating is fine")
try:
    list(lazy)
except NameError as e:
    print("NameError:", e)
