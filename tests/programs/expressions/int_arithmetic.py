a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b)
print(-a // b, -a % b, a // -b, a % -b, divmod(a, b), divmod(-a, b))
print(+a, -a, ~a, abs(-a))
print(2 ** -1, (-8) ** 2, 0 ** 0, pow(3, 4, 5))
x = 1
for i in range(10):
    x = x * 3 + i
print(x)
