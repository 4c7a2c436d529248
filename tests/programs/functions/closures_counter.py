def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter(10)
inc(); inc(5)
print(get())
inc2, get2 = make_counter()
inc2()
print(get(), get2())
print(inc.__closure__[0].cell_contents, len(inc.__closure__), inc.__code__.co_freevars)
