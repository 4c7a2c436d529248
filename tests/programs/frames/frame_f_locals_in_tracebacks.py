def compute(items):
    total = 0
    for i, v in enumerate(items):
        total += 10 // v
    return total
try:
    compute([1, 2, 0])
except ZeroDivisionError as e:
    tb = e.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    fl = tb.tb_frame.f_locals
    print(tb.tb_frame.f_code.co_name, fl["i"], fl["v"], fl["total"])
