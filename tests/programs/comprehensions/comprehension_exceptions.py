def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return None
print([safe_div(10, d) for d in (1, 0, 4)])
try:
    [1 / d for d in (1, 0)]
except ZeroDivisionError as e:
    print("ZeroDivisionError from comprehension:", e)
try:
    {k: v for k, v in [(1, 2), (3,)]}
except ValueError as e:
    print("ValueError:", e)
try:
    {[]: 1 for _ in range(1)}
except TypeError as e:
    print("TypeError:", e)
