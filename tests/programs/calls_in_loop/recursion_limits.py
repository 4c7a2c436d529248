# The depth at which RecursionError strikes (default, raised and lowered limits,
# methods, a thread, a finalizer run while a returning or unwinding frame is
# popped) and frames that outlive their call (locals(), sys._getframe()): the
# same numbers as CPython's with frames pushed and popped in the loop.
import sys, threading
def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
print("default limit", depth(0))
class Node:
    def __init__(self, n):
        self.n = n
def build(n):
    return Node(n) if n == 0 else build(n - 1)
def method_depth(obj, n):
    try:
        return obj.down(n + 1)
    except RecursionError:
        return n
class R:
    def down(self, n):
        return method_depth(self, n)
print("methods", R().down(0))
sys.setrecursionlimit(3000)
print("raised limit", depth(0))
sys.setrecursionlimit(120)
print("lowered limit", depth(0))
sys.setrecursionlimit(1000)
results = []
class Probe:
    def __del__(self):
        results.append(depth(0))
def holder():
    p = Probe()
    return 1
holder()
print("finalizer at return", results)
def unwinding():
    p = Probe()
    raise ValueError
try:
    unwinding()
except ValueError:
    pass
print("finalizer at unwind", results)
out = []
t = threading.Thread(target=lambda: out.append(depth(0)))
t.start(); t.join()
print("thread", out)
def with_locals(n):
    x = n
    d = locals()
    return d["x"] if n == 0 else with_locals(n - 1)
print("locals", with_locals(50))
def keep_frames(n, acc):
    acc.append(sys._getframe())
    return n if n == 0 else keep_frames(n - 1, acc)
acc = []
keep_frames(5, acc)
def down(n): return 0 if n == 0 else 1 + down(n - 1)
print("saved frames", [(f.f_code.co_name, f.f_back.f_code.co_name, f.f_locals["n"]) for f in acc])
try:
    down(5000)
except RecursionError as e:
    print("RecursionError:", e)
