# Deep recursion through a specialized call site still raises RecursionError,
# and the function is swapped for another mid-recursion.
import sys
sys.setrecursionlimit(300)

def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)

print(depth(50), depth(100))
try:
    depth(10_000)
except RecursionError as e:
    print("RecursionError:", e)
def swap(n):
    global depth
    if n == 5:
        depth = lambda n: 1000
    return depth_original(n)
depth_original = depth
calls = []
def counting(n):
    calls.append(n)
    if n == 0:
        return 0
    return 1 + counting(n - 1)
print(counting(20), len(calls))
