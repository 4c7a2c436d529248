# fivefold: exit=1
def f():
    try:
        return 1 / 0
    finally:
        print("finally runs first")
        int("not a number")
f()
