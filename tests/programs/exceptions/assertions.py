def check(x):
    assert isinstance(x, int), f"expected int, got {type(x).__name__}"
    assert x >= 0
    return x
for v in (5, "s", -1):
    try:
        print(check(v))
    except AssertionError as e:
        print("AssertionError:", repr(e), e.args)
try:
    assert False
except AssertionError as e:
    print("bare assert:", repr(e))
n = 0
def side():
    global n
    n += 1
    return "msg"
assert True, side()
print("message evaluated only on failure:", n)
