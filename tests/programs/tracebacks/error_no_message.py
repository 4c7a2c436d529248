# fivefold: exit=1
def f():
    raise RuntimeError
f()
