x = 10
print(eval("x * 2"))
exec("created_by_exec = x + 1")
print(created_by_exec)
def inside():
    local_value = 7
    r = eval("local_value * 3")
    exec("print('exec sees', local_value)")
    exec("new_local = 5")
    return r, "new_local" in locals()
print(inside())
def nested():
    v = "enclosed"
    def inner():
        return eval("v")
    try:
        return inner()
    except NameError as e:
        return f"NameError: {e}"
print(nested())
def with_free():
    v = "captured"
    def inner():
        v
        return eval("v")
    return inner()
print(with_free())
class K:
    attr = 3
    doubled = eval("attr * 2")
print(K.doubled)
