import warnings
def noisy(i):
    warnings.warn(f"noisy call", UserWarning)
    return i
for i in range(3):
    noisy(i)
def other():
    warnings.warn("from other", RuntimeWarning, stacklevel=1)
other()
other()
print("default filter shows each location once")
