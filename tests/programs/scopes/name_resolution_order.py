name = "global"
def outer():
    name = "enclosing"
    def inner():
        return name
    return inner()
def only_global():
    return name
def local_wins():
    name = "local"
    return name
print(outer(), only_global(), local_wins())
def builtin_fallback():
    return abs(-3)
print(builtin_fallback())
abs = lambda v: "global abs"
print(builtin_fallback())
del abs
print(builtin_fallback())
