def make(n):
    factor = 10
    def gen():
        nonlocal factor
        for i in range(n):
            yield i * factor
            factor += 1
    return gen, lambda: factor
gen, get = make(4)
print(list(gen()), get())
print(list(gen()), get())
