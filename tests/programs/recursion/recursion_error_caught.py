import sys
def infinite(n):
    return infinite(n + 1)
try:
    infinite(0)
except RecursionError as e:
    print("RecursionError:", e)
def depth_reached():
    d = [0]
    def go(n):
        d[0] = n
        go(n + 1)
    try:
        go(0)
    except RecursionError:
        pass
    return d[0] > 100
print(depth_reached(), sys.getrecursionlimit())
print("recovered, can still recurse:", (lambda f: f(f, 50))(lambda s, n: n if n == 0 else s(s, n - 1)))
