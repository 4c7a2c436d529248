import sys
def depth():
    n = 0
    f = sys._getframe()
    while f.f_back:
        n += 1
        f = f.f_back
    return n
def rec(k):
    return depth() if k == 0 else rec(k - 1)
base = depth()
print([rec(k) - base for k in range(5)])
try:
    sys._getframe(1000)
except ValueError as e:
    print("ValueError:", e)
