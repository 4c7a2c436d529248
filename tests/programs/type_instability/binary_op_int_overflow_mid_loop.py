# Small ints grow past one digit and past 64 bits inside a specialized loop.
def grow(n):
    x = 1
    out = []
    for i in range(n):
        x = x * 3 + i - 1
        out.append(x.bit_length())
    return x, out

x, bits = grow(120)
print(x % 1000003, bits[::10])
def sub(a, b):
    return a - b
print([sub(a, b) for a, b in [(0, 1), (-2**30, 1), (2**30, -2**30), (-(2**62), 2**62), (5, 5)]])
