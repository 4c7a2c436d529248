import functools
def count_calls(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        wrapper.calls += 1
        return fn(*a, **k)
    wrapper.calls = 0
    return wrapper
@count_calls
def square(x):
    """Square a number."""
    return x * x
for i in range(4):
    square(i)
print(square.calls, square.__name__, square.__doc__, square.__wrapped__(9))
def retry(times):
    def deco(fn):
        def run(*a):
            for attempt in range(1, times + 1):
                try:
                    return fn(attempt, *a)
                except ValueError as e:
                    print("attempt", attempt, "failed:", e)
            return "gave up"
        return run
    return deco
@retry(3)
def flaky(attempt, x):
    if attempt < 3:
        raise ValueError(f"not yet {x}")
    return f"ok {x}"
print(flaky("job"))
@retry(2)
def never(attempt):
    raise ValueError("never")
print(never())
