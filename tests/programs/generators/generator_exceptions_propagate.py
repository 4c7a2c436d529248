def risky():
    yield 1
    raise ValueError("inside generator")
def consumer():
    try:
        for v in risky():
            print("value", v)
    except ValueError as e:
        print("consumer caught", e)
consumer()
def dead():
    yield 1
    1 / 0
g = dead()
next(g)
try:
    next(g)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(next(g, "dead generator is exhausted"))
