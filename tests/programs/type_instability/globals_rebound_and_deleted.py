# Globals read in a hot function are rebound, deleted and re-created; builtins too.
COUNT = 1

def f():
    return COUNT + len("abc")

print([f() for _ in range(3)])
COUNT = 10
print(f())
del COUNT
try:
    f()
except NameError as e:
    print("NameError:", e)
globals()["COUNT"] = 100
print(f())
for i in range(40):
    globals()[f"filler{i}"] = i     # the globals dict grows and is re-laid-out
print(f())
