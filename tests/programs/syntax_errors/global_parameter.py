def f():
    global x
    x = 1
    def g(x):
        global x
