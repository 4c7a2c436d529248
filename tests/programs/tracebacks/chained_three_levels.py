# fivefold: exit=1
def a():
    raise KeyError("root cause")
def b():
    try:
        a()
    except KeyError as e:
        raise ValueError("middle") from e
def c():
    try:
        b()
    except ValueError:
        raise TypeError("top")
c()
