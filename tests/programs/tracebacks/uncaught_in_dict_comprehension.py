# fivefold: exit=1
pairs = [("a", 1), ("b",), ("c", 3)]
d = {k: v for k, v in pairs}
