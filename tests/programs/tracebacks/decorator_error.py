# fivefold: exit=1
def validate(fn):
    def wrapper(*a):
        if any(x < 0 for x in a):
            raise ValueError(f"negative argument to {fn.__name__}: {a}")
        return fn(*a)
    return wrapper
@validate
def area(w, h):
    return w * h
print(area(2, 3))
print(area(2, -3))
