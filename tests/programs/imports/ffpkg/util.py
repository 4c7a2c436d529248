def double(x):
    return x * 2
def fail(x):
    return 1 / x
