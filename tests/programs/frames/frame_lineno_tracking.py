import sys
def line():
    return sys._getframe(1).f_lineno
print("line", line())
x = (
    line()
)
print("multi-line expression", x)
def f():
    a = line()
    for i in range(2):
        b = line()
    try:
        raise ValueError
    except ValueError:
        c = line()
    return a, b, c
print(f())
