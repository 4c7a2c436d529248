a = 1
del a
try:
    a
except NameError as e:
    print("NameError:", e)
def f():
    x, y = 1, 2
    del x
    try:
        print(x)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    del y
    return "ok"
print(f())
def cell_delete():
    v = 1
    def g():
        return v
    del v
    try:
        return g()
    except NameError as e:
        return f"NameError: {e}"
print(cell_delete())
try:
    del never_defined
except NameError as e:
    print("NameError:", e)
