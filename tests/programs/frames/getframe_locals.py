import sys
def peek():
    f = sys._getframe(1)
    return {k: v for k, v in f.f_locals.items() if not k.startswith("_")}
def func(a, b=2):
    c = a * b
    return peek()
print(func(5))
def nested():
    x = 1
    def inner():
        y = x + 1
        return peek()
    return inner()
print(nested())
def back_chain():
    names = []
    f = sys._getframe()
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names
def a(): return b()
def b(): return back_chain()
print(a())
print(sys._getframe().f_globals is globals(), sys._getframe().f_code.co_filename == __file__)
