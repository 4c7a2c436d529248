# fivefold: exit=1
def name_of(x):
    return x.name
print(f"value: {name_of(None)}")
