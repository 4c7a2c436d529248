d = {"a": 1}
for key in ("b", 1, (1, 2), None, "", 3.5, frozenset({1})):
    try:
        d[key]
    except KeyError as e:
        print(repr(e), "str:", str(e), "args:", e.args)
try:
    set().pop()
except KeyError as e:
    print("set.pop:", e)
try:
    {}.popitem()
except KeyError as e:
    print("popitem:", e)
import collections
try:
    collections.OrderedDict().popitem()
except KeyError as e:
    print("OrderedDict:", e)
