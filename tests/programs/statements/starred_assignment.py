a, *b = [1, 2, 3]
*c, d = "xyz"
e, *f, g = range(6)
h, *i = (1,)
print(a, b, c, d, e, f, g, h, i)
(j, k), *rest = [(1, 2), 3, 4]
print(j, k, rest)
[l, [m, *n]] = [0, [1, 2, 3]]
print(l, m, n)
for first, *others in ["abc", [1, 2]]:
    print(first, others)
try:
    x, y = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    x, y, *z = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    p, q = 5
except TypeError as e:
    print("TypeError:", e)
