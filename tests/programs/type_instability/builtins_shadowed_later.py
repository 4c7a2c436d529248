# A builtin is shadowed by a global, then by a change to the builtins module, then restored.
import builtins

def measure(x):
    return len(x), abs(-3), isinstance(x, list)

print([measure([1, 2]) for _ in range(3)])
def len(x):
    return "global len"
print(measure([1]))
del len
print(measure([1]))
original_abs = builtins.abs
builtins.abs = lambda v: "patched abs"
print(measure((1,)))
builtins.abs = original_abs
print(measure("xyz"))
original_isinstance = builtins.isinstance
del builtins.isinstance
try:
    measure([])
except NameError as e:
    print("NameError:", e)
finally:
    builtins.isinstance = original_isinstance
print(measure([3]))
