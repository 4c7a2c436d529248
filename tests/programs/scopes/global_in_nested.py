value = "g"
def outer():
    value = "outer local"
    def inner():
        global value
        value = "set by inner"
        return value
    inner()
    return value
print(outer(), value)
def outer2():
    def inner():
        global fresh
        fresh = 1
    inner()
    return fresh
print(outer2())
