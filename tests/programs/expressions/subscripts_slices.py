L = list(range(10))
print(L[3], L[-2], L[2:5], L[:3], L[7:], L[::2], L[::-3], L[-3:-1], L[5:2], L[100:])
L[2:4] = ["a", "b", "c"]
print(L)
L[::3] = [0] * len(L[::3])
print(L)
del L[1:3]
print(L)
del L[::2]
print(L)
t = (1, 2, 3, 4)
print(t[1:3], t[slice(None, None, -1)], "abcdef"[slice(1, 5, 2)])
d = {"k": [1, {"n": 5}]}
print(d["k"][1]["n"])
m = {(1, 2): "tuple key"}
print(m[1, 2])
s = slice(1, 8, 2)
print(s.start, s.stop, s.step, s.indices(5))
