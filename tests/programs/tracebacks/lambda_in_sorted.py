# fivefold: exit=1
records = [{"name": "a", "age": 3}, {"name": "b"}]
print(sorted(records, key=lambda r: r["age"]))
