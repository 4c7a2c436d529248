import sys
def positive(n):
    assert n > 0, ("not positive", n)
    return n
print(positive(3))
try:
    positive(-1)
except AssertionError as e:
    print("AssertionError", e.args)
print("optimize flag", sys.flags.optimize)
x = [1, 2]
assert x, "empty"
assert len(x) == 2
print("assertions passed")
