# fivefold: exit=1
total = 10
def add(x):
    total += x
    return total
add(1)
