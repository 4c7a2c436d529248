print(len("abc"))
def local_shadow():
    len = lambda x: "fake len"
    return len("abc")
print(local_shadow(), len("abc"))
len = lambda x: "global fake"
print(len("abc"))
del len
print(len("abc"))
import builtins
builtins.my_builtin = lambda: "added to builtins"
print(my_builtin())
del builtins.my_builtin
try:
    my_builtin()
except NameError as e:
    print("NameError:", e)
def uses_print():
    print = lambda *a: None
    print("invisible")
    return "print shadowed locally"
print(uses_print())
