def f(a, b):
    return a + b
tests = [
    lambda: f(1),
    lambda: f(1, 2, 3),
    lambda: f(1, c=3),
    lambda: f(1, a=1),
    lambda: f(*[1, 2], b=2),
    lambda: f(**{"a": 1, "b": 2, "c": 3}),
    lambda: len(1),
    lambda: tests[0].__code__.co_argcount(),
    lambda: "x".join(1),
    lambda: int("x"),
]
for t in tests:
    try:
        print("ok", t())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
