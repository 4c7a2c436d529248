# fivefold: exit=1
data = {"a": [3, 1, 2], "b": ["x", 1]}
for name, values in data.items():
    print(name, sorted(values))
