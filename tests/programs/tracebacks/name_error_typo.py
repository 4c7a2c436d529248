# fivefold: exit=1
def compute(values):
    total = 0
    for v in values:
        total += v
    return totl
print(compute([1, 2, 3]))
