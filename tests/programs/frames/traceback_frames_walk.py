import sys
def a():
    return b()
def b():
    try:
        raise KeyError("k")
    except KeyError as e:
        tb = e.__traceback__
        out = []
        while tb:
            out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        return out, sys._getframe(1).f_code.co_name
print(a())
try:
    a.__code__.co_name
    1 / 0
except ZeroDivisionError as e:
    print(e.__traceback__.tb_frame.f_code.co_name, e.__traceback__.tb_lineno)
