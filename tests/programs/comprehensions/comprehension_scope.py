x = "global"
result = [x for x in range(3)]
print(result, x)
def f():
    y = 10
    return [y + i for i in range(3)], [lambda: i for i in range(3)][0]()
print(f())
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
    try:
        bad = [v * len(vals) for v in range(2)]
    except NameError as e:
        bad = f"NameError: {e}"
print(C.doubled, C.bad)
def g():
    return [[j for j in range(i)] for i in range(4)]
print(g())
print([n for n in range(5)], "n" in dir())
