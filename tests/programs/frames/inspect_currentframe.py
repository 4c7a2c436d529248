import inspect
def where():
    frame = inspect.currentframe()
    caller = frame.f_back
    info = inspect.getframeinfo(caller)
    return caller.f_code.co_name, info.lineno, info.function
def f():
    return where()
print(f())
def stack_names():
    return [fi.function for fi in inspect.stack()]
def g():
    return stack_names()
print(g())
def h(p, q=3):
    return inspect.getargvalues(inspect.currentframe())
av = h(1)
print(av.args, av.locals["p"], av.locals["q"])
