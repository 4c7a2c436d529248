# fivefold: exit=1
def ratio(a, b):
    return a / b
def report(values):
    return [ratio(v, v - 3) for v in values]
print(report([1, 2]))
print(report([1, 2, 3]))
