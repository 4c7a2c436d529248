import sys
sys.setrecursionlimit(5000)
def sum_to(n):
    return 0 if n == 0 else n + sum_to(n - 1)
print(sum_to(4000))
def build(n):
    return None if n == 0 else (n, build(n - 1))
t = build(3000)
depth = 0
while t:
    depth += 1
    t = t[1]
print(depth)
