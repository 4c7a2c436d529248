def f():
    x = 1
    def g():
        nonlocal y
        return y
