a = b = [1, 2]
x = y = z = 0
x += 1
print(a is b, x, y, z)
first = (second := 5) + 1
print(first, second)
i = j = k = "s"
print(i + j + k)
m, n = o, p = 3, 4
print(m, n, o, p)
