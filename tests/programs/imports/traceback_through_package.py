# fivefold: exit=1
from ffpkg import util
def call_it(x):
    return util.fail(x)
print(call_it(2))
print(call_it(0))
