import functools
calls = []
@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), len(calls), fib.cache_info())
@functools.lru_cache(maxsize=2)
def slow_square(x):
    print("computing", x)
    return x * x
for v in (1, 2, 1, 3, 1, 2):
    print(slow_square(v))
print(slow_square.cache_info())
slow_square.cache_clear()
print(slow_square.cache_info().currsize)
@functools.cache
def path_count(r, c):
    return 1 if r == 0 or c == 0 else path_count(r - 1, c) + path_count(r, c - 1)
print(path_count(16, 16))
