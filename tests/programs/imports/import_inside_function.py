def lazy():
    import json
    from collections import Counter
    return json.dumps(Counter("abracadabra").most_common(2))
print(lazy())
def local_import_shadow():
    import math as m
    return m.factorial(10)
print(local_import_shadow())
print("json" in dir(), "m" in dir())
