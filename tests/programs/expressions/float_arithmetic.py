x, y = 7.5, 2.0
print(x + y, x - y, x * y, x / y, x // y, x % y, x ** y)
print(-x // y, -x % y, divmod(x, y))
print(0.1 + 0.2, 1e300 * 1e10, -1e300 * 1e10, 1 / 3)
print(float("inf") - float("inf") != float("inf") - float("inf"))
print(round(2.675, 2), round(0.5), round(1.5), round(-2.5), round(123.456, -1))
print(3 * 1.0, 10 / 4, 10 // 4.0, 2 ** 0.5, (-8) ** (1 / 3))
print(int(3.99), int(-3.99), float(7), 1.5.is_integer(), (2.0).as_integer_ratio())
