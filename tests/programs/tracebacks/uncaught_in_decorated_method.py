# fivefold: exit=1
import functools
def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
class Service:
    @logged
    def fetch(self, key):
        return {"a": 1}[key]
s = Service()
print(s.fetch("a"))
s.fetch("b")
