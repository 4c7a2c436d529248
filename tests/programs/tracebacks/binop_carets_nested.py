# fivefold: exit=1
a, b, c = 1, 2, 0
result = (a + b) * (b - a) + a / c + b
