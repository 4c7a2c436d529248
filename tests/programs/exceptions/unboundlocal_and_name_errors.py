count = 0
def bump():
    try:
        count += 1
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
bump()
def use_before():
    try:
        print(later)
    except NameError as e:
        print(type(e).__name__, e)
    later = 5
use_before()
try:
    print(totally_missing)
except NameError as e:
    print("NameError:", e, e.name)
try:
    lenn([1])
except NameError as e:
    print("NameError:", e)
def free_var_before():
    def inner():
        return x
    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    x = 1
free_var_before()
