import inspect, sys, traceback
def leaf():
    f = sys._getframe()
    return [f.f_code.co_name, f.f_back.f_code.co_name, f.f_back.f_back.f_code.co_name]
def middle(): return leaf()
def top(): return middle()
for _ in range(3):
    print(top())
    print([fi.function for fi in inspect.stack()[:1]])
saved = []
def keep(): saved.append(sys._getframe()); return 1
def caller(): return keep() + 1
for _ in range(3):
    caller()
print([(f.f_code.co_name, f.f_back.f_code.co_name, f.f_lineno) for f in saved])
def boom(n):
    if n == 0:
        raise ValueError("deep")
    return boom(n - 1)
for _ in range(3):
    try:
        boom(3)
    except ValueError:
        print("".join(traceback.format_exc().splitlines(True)[-9:]))
def guarded(n):
    try:
        return boom(n)
    except ValueError as e:
        return ("caught", str(e))
    finally:
        print("finally", n)
print(guarded(2), guarded(0))
