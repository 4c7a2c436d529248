# A hot call site keeps calling the same function object while its __code__,
# __defaults__ and __kwdefaults__ are replaced.
def f(a, b=1):
    return a + b

def g(a, b, c=100):
    return a * b * c

def call(x):
    return f(x), f(x, 2)

print([call(i) for i in range(3)])
f.__defaults__ = (10,)
print(call(1))
f.__code__ = g.__code__
f.__defaults__ = (3, 4)
print(call(2))
f.__defaults__ = None
try:
    call(3)
except TypeError as e:
    print("TypeError:", e)
def h(*args): return args
f.__code__ = h.__code__
print(call(4))
