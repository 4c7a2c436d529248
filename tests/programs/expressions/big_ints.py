n = 2 ** 200
print(n)
print(n * n - 1)
print(n // 3, n % 97, -n // 7)
f = 1
for i in range(1, 40):
    f *= i
print(f, len(str(f)))
print(int("123456789012345678901234567890") * 10 ** 20)
print(hex(n + 12345), (n + 1).bit_length(), (-n).bit_length())
print(f"{n:,}", f"{n:_x}")
