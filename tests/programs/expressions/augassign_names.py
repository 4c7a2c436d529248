x = 10
x += 5; print(x)
x -= 3; print(x)
x *= 2; print(x)
x /= 4; print(x)
x //= 2; print(x)
x **= 3; print(x)
y = 100
y %= 7; y <<= 3; y >>= 1; y &= 0xFF; y |= 1; y ^= 0b101
print(y)
s = "a"; s += "b"; s *= 3; print(s)
L = [1]; M = L; L += [2]; print(L, M, L is M)
t = (1,); u = t; t += (2,); print(t, u, t is u)
