counter = 0
def f():
    g = globals()
    g["counter"] += 1
    g["made_here"] = "yes"
    return sorted(k for k in g if k in ("counter", "made_here", "f"))
print(f(), counter, made_here)
def exec_global():
    exec("global counter2\ncounter2 = 5")
exec_global()
print(counter2)
