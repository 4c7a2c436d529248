def outer():
    x = 0
    log = []
    def middle():
        nonlocal x
        x += 1
        def inner():
            nonlocal x
            x *= 10
            log.append(x)
        inner()
        return x
    middle()
    middle()
    return x, log
print(outer())
def make_acc():
    total = 0
    def add(n):
        nonlocal total
        total += n
        return total
    def reset():
        nonlocal total
        total = 0
    return add, reset
add, reset = make_acc()
print(add(5), add(7))
reset()
print(add(1))
