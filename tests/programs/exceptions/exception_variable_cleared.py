e = "before"
try:
    raise ValueError("x")
except ValueError as e:
    print("inside", e)
try:
    print(e)
except NameError as err:
    print("NameError:", err)
def f():
    x = 1
    try:
        1 / 0
    except ZeroDivisionError as x:
        pass
    return "x" in locals()
print(f())
