def g():
    try:
        yield 1
        return "normal return"
    finally:
        print("finally in generator")
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("value:", e.value)
def h():
    try:
        yield 1
    finally:
        return "finally return swallows GeneratorExit"
x = h()
next(x)
print(x.close())
def k():
    try:
        yield 1
    except GeneratorExit:
        print("exit seen")
        return "ignored"
y = k()
next(y)
y.close()
print("closed cleanly")
