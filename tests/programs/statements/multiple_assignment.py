a = b = c = []
a.append(1)
print(a, b, c, a is c)
x, y = 1, 2
x, y = y, x
print(x, y)
l = [0, 1, 2]
i = 0
i, l[i] = 1, "set"
print(i, l)
d = {}
d["a"] = d["b"] = 5
print(d)
class O: pass
o = O()
o.p, o.q = "pq"
print(o.p, o.q)
s = [1, 2, 3, 4]
s[1:3], s[0] = ["x"], "first"
print(s)
