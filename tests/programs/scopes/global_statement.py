counter = 0
def inc():
    global counter
    counter += 1
    return counter
def define_new():
    global created_later
    created_later = "made inside a function"
inc(); inc()
print(counter)
define_new()
print(created_later)
def read_only():
    return counter * 10
print(read_only())
def shadow():
    counter = "local"
    return counter
print(shadow(), counter)
def del_global():
    global created_later
    del created_later
del_global()
print("created_later" in globals())
