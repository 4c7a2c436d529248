def g():
    x = yield
    print("x =", x)
    y = (yield x * 2) + 1
    print("y =", y)
    lst = yield [x, y]
    print("lst", lst)
it = g()
print(next(it))
print(it.send(5))
print(it.send(9))
try:
    it.send("end")
except StopIteration:
    print("stopped")
def yield_in_args():
    print((yield 1), (yield 2))
a = yield_in_args()
print(next(a), a.send("A"))
try:
    a.send("B")
except StopIteration:
    pass
