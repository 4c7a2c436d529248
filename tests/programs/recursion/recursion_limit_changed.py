import sys
sys.setrecursionlimit(200)
def count(n):
    return 0 if n == 0 else 1 + count(n - 1)
print(count(150))
try:
    count(500)
except RecursionError as e:
    print("RecursionError at limit 200:", e)
sys.setrecursionlimit(3000)
print(count(2500))
