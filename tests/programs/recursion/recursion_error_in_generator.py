def g(n):
    yield from g(n + 1)
try:
    next(g(0))
except RecursionError as e:
    print("RecursionError:", e)
def nested_calls(n):
    try:
        return nested_calls(n + 1)
    except RecursionError:
        if n % 100 == 0:
            return f"caught at depth multiple of 100"
        raise
print(nested_calls(0))
