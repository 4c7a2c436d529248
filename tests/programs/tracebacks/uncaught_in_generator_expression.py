# fivefold: exit=1
values = ["1", "2", "x"]
total = sum(int(v) for v in values)
