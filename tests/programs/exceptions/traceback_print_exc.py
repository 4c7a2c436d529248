import traceback, sys
def compute(x):
    return 10 / x
def driver():
    for x in (2, 0):
        try:
            print(compute(x))
        except ZeroDivisionError:
            traceback.print_exc(file=sys.stdout)
            print("continuing")
driver()
try:
    [1, 2, 3][10]
except IndexError:
    traceback.print_exc()
print("stderr got a traceback; stdout ends here")
