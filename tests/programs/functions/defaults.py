def f(a, b=2, c="x"):
    return (a, b, c)
print(f(1), f(1, 3), f(1, c="y"), f(c=0, a=9))
def acc(item, into=[]):
    into.append(item)
    return into
print(acc(1), acc(2), acc(3, []))
print(f.__defaults__, acc.__defaults__)
counter = 0
def default_evaluated_once(x=(print("evaluating default") or 5)):
    return x
print(default_evaluated_once(), default_evaluated_once())
def none_default(x=None):
    if x is None:
        x = []
    x.append(1)
    return x
print(none_default(), none_default())
