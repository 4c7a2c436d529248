def v(x):
    print("eval", x)
    return x
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0)
print(v(1) < v(2) < v(0) < v(5))
print(v(1) == v(1) != v(2))
x = 5
print(0 <= x < 10, 0 <= x < 5, x is x, x is not None)
print(1 in [1, 2] in [[1, 2]], "a" not in "bcd")
print((1, 2) < (1, 3), [1, 2] <= [1, 2], "abc" < "abd", "B" < "a")
print(1 == 1.0, 1 < 1.5 <= 2, True == 1, None is None)
