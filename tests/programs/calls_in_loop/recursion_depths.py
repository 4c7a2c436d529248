import sys
def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
print(depth(0) > 900)
def even(n): return True if n == 0 else odd(n - 1)
def odd(n): return False if n == 0 else even(n - 1)
print(even(500), odd(301))
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(20))
def gen(n):
    yield from range(n)
def total(n): return sum(gen(n))
print([total(i) for i in range(5)])
sys.setrecursionlimit(200)
def down(n): return 0 if n == 0 else 1 + down(n - 1)
try:
    down(1000)
except RecursionError as e:
    print("RecursionError:", e)
print(down(150))
