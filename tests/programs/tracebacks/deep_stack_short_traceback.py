# fivefold: exit=1
def recurse(n):
    if n == 0:
        return {}["bottom"]
    return recurse(n - 1)
recurse(40)
