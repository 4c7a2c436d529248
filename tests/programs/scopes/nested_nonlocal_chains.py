def a():
    x = "a"
    def b():
        def c():
            nonlocal x
            x = x + "c"
            return x
        c()
        return c()
    return b(), x
print(a())
def counter_pair():
    n = 0
    def inc():
        nonlocal n
        n += 1
    def dec():
        nonlocal n
        n -= 1
    def get():
        return n
    return inc, dec, get
inc, dec, get = counter_pair()
inc(); inc(); dec(); inc()
print(get())
