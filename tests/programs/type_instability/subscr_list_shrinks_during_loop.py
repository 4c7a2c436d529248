# A list is indexed at a hot site while another part of the loop shrinks it,
# so an index that was in range falls outside.
data = list(range(10))
out = []
try:
    for i in range(20):
        out.append(data[i])
        if i % 3 == 0:
            data.pop()
except IndexError as e:
    print("IndexError:", e, out)
d = {i: i * i for i in range(5)}
keys = list(d)
for k in keys:
    if k == 2:
        del d[3]
    try:
        print(k, d[k])
    except KeyError as e:
        print("KeyError:", e)
