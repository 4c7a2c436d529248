# fivefold: exit=1
def f(a, b, c, d):
    return a + b + c + d
result = f(1, 2, 3, 4) + f(5, 6, 7, 8) + f(9, 10, 11, 12) + f(13, 14, 15, "sixteen") + f(17, 18, 19, 20)
