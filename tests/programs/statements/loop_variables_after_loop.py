for i in range(5):
    pass
print("i after loop", i)
for j in []:
    pass
try:
    print(j)
except NameError as e:
    print("NameError:", e)
for k, (a, b) in enumerate([(1, 2), (3, 4)]):
    pass
print(k, a, b)
x = [1, 2, 3]
for x[0] in range(3):
    pass
print(x)
class O: pass
o = O()
for o.attr in "ab":
    pass
print(o.attr)
