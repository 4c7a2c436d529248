s = "abcdefghij"
for sl in (slice(None, None, -1), slice(-3, None), slice(None, -3), slice(1, -1, 2), slice(8, 2, -2),
           slice(-100, 100), slice(5, 5), slice(None, None, 3), slice(-1, -11, -1)):
    print(sl, repr(s[sl]), list(range(10))[sl])
try:
    s[::0]
except ValueError as e:
    print("ValueError:", e)
l = list(range(10))
l[2:8:2] = "XYZ"
print(l)
try:
    l[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
l[1:3] = []
print(l)
class S:
    def __getitem__(self, k):
        return k
print(S()[1:2], S()[::], S()[1:2, 3], S()[...], S()[:, None])
