def trace(fn):
    def wrapper(*a, **k):
        print("call", fn.__name__, a, k)
        r = fn(*a, **k)
        print("ret", r)
        return r
    return wrapper
def times(n):
    def deco(fn):
        def wrapper(*a):
            return [fn(*a) for _ in range(n)]
        return wrapper
    return deco
@trace
def add(a, b=1):
    return a + b
@times(3)
@trace
def hello(name):
    return "hi " + name
add(2)
add(2, b=5)
print(hello("bob"))
print(add.__name__, hello.__name__)
registry = []
def register(fn):
    registry.append(fn.__name__)
    return fn
@register
def one(): pass
@register
def two(): pass
print(registry, one, two) if False else print(registry)
@(lambda f: f())
def immediately():
    return "ran at definition"
print(immediately)
