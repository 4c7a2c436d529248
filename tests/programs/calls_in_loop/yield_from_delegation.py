import sys, traceback
class Tree:
    def __init__(self, left, value, right):
        self.left, self.value, self.right = left, value, right
    def __iter__(self):
        if self.left:
            yield from self.left
        yield self.value
        if self.right:
            yield from self.right
def tree(r):
    n = len(r)
    if n == 0: return None
    i = n // 2
    return Tree(tree(r[:i]), r[i], tree(r[i + 1:]))
t = tree(range(200))
for _ in range(3):
    print(sum(1 for _ in t), list(t)[:5], list(tree(range(10))))
def inner(n):
    got = yield n
    print("inner got", got)
    return n * 10
def outer():
    r = yield from inner(1)
    print("r", r)
    r2 = yield from inner(2)
    return r + r2
for _ in range(3):
    g = outer()
    print(next(g), g.send("a"), end=" ")
    try: g.send("b")
    except StopIteration as e: print("ret", e.value)
def raiser():
    yield 1
    raise KeyError("deep")
def delegating():
    try:
        yield from raiser()
    except KeyError as e:
        yield ("caught", e.args)
for _ in range(3): print(list(delegating()))
def deleg2():
    yield from raiser()
for _ in range(3):
    try: list(deleg2())
    except KeyError: print(traceback.format_exc().splitlines()[-6:])
def echo():
    try:
        while True:
            x = yield
            print("echo", x)
    except GeneratorExit:
        print("closing inner")
        raise
def wrap(): yield from echo()
w = wrap(); next(w); w.send(1); w.send(2); w.close()
def stopper():
    yield 1
    raise StopIteration("x")
def ds(): return (yield from stopper())
for _ in range(2):
    try: list(ds())
    except RuntimeError as e: print("RuntimeError", e)
def thrower():
    try:
        yield 1
    except ValueError:
        yield "handled"
def dt(): yield from thrower()
g = dt(); print(next(g), g.throw(ValueError))
def deep(n):
    if n: yield from deep(n - 1)
    else: yield "bottom"
print(list(deep(500)))
