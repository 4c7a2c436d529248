def gen():
    try:
        print("start")
        yield 1
        yield 2
    except GeneratorExit:
        print("GeneratorExit received")
        raise
    finally:
        print("cleanup")
g = gen()
print(next(g))
g.close()
print("closed", list(g))
g2 = gen()
g2.close()
print("closed before start")
def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield "refuse"
s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError:", e)
def returns_on_close():
    try:
        yield 1
    finally:
        print("finally on close")
r = returns_on_close()
next(r)
del r
print("after del")
