# C functions and methods called through stage 1's CALL members: results,
# errors, reference counts and recursion depth as CPython gives them.
import sys

item = ["shared"]
before = sys.getrefcount(item)
lists = []
for n in range(40):
    l = []
    for i in range(n):          # list.append with room and with a resize
        l.append(item)
    list.append(l, item)        # the unbound method: [NULL, descriptor, list, item]
    lists.append(len(l))
print(lists[-5:], "references held by the last list:", sys.getrefcount(item) - before)
del l
print("after release:", sys.getrefcount(item) - before)

# Comprehensions append with LIST_APPEND: the list's references, with room and
# across resizes, and when the comprehension raises half-way.
built = [[item for _ in range(n)] for n in (0, 1, 4, 5, 17, 100)]
print([len(b) for b in built], sys.getrefcount(item) - before)
def fails_at(n):
    return [item if k < n else 1 // 0 for k in range(10)]
try:
    fails_at(7)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
del built
print("after the comprehensions:", sys.getrefcount(item) - before)

d = {"a": 1}
for i in range(3):              # twice to specialize, once specialized
    print(len("abc"), len(d), type(i), type(d), isinstance(i, int), isinstance(d, (list, tuple)),
          str(3.5), str(b"x"), abs(-i), d.get("a"), d.get("b", 0), "x".join(["a", "b"]),
          "ab".upper(), sorted(d), min(3, i, 2), divmod(7, 3))

class Weird:
    def __len__(self):
        raise ValueError("no length")
    def __str__(self):
        raise KeyError("no str")
    def __repr__(self):
        return "Weird()"

class Meta(type):
    def __instancecheck__(cls, obj):
        raise LookupError("no check")

class Checked(metaclass=Meta):
    pass

for i in range(3):
    for call in (lambda: len(5), lambda: len(Weird()), lambda: str(Weird()),
                 lambda: isinstance(1, 5), lambda: isinstance(1, Checked),
                 lambda: abs("x"), lambda: d.get(), lambda: [].append(1, 2), lambda: "".join(5),
                 lambda: type(1, 2)):
        try:
            print(repr(call()))
        except Exception as e:
            print(type(e).__name__, e)

# Recursion through METH_O (repr) and METH_NOARGS (list.copy via a subclass's
# __repr__ chain): each C call counts a level, as CPython's do.
class Node:
    def __init__(self, child):
        self.child = child
    def __repr__(self):
        return "N" + repr(self.child)

def chain(n):
    node = None
    for _ in range(n):
        node = Node(node)
    return node

for limit in (100, 250, 1000):
    sys.setrecursionlimit(limit)
    depth = 10
    while True:
        try:
            repr(chain(depth))
        except RecursionError:
            break
        depth += 1
    print(limit, "repr chain fails at", depth)
sys.setrecursionlimit(1000)
