def inner():
    raise ValueError("original")
def middle():
    try:
        inner()
    except ValueError:
        print("middle saw it, re-raising")
        raise
def outer():
    try:
        middle()
    except ValueError as e:
        print("outer caught:", e, e.__context__, e.__cause__)
outer()
def reraise_named():
    try:
        1 / 0
    except ZeroDivisionError as e:
        err = e
    raise err
try:
    reraise_named()
except ZeroDivisionError as e:
    print("again:", e)
