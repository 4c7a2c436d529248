# A branch sees bools, then ints, None, containers, strs and objects with __bool__/__len__.
class Flag:
    def __init__(self, v): self.v = v
    def __bool__(self):
        print("  __bool__ called")
        return self.v

class Sized:
    def __len__(self): return 0

class Broken:
    def __bool__(self): raise ValueError("no truth here")

def test(x):
    if x:
        return "yes"
    return "no"

items = [True, False] * 3 + [0, 7, -1, None, [], [0], "", "s", (), (0,), {}, {1: 2}, 0.0, 2.5]
items += [Flag(True), Flag(False), Sized(), object()]
print([test(x) for x in items])
try:
    test(Broken())
except ValueError as e:
    print("ValueError:", e)
def loop(xs):
    n = 0
    while xs:
        xs = xs[1:]
        n += 1
    return n
print(loop([1, 2, 3]), loop("abcd"), loop(()))
