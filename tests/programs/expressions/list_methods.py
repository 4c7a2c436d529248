l = [5, 3, 8]
l.append(1); l.extend([9, 2]); l.insert(0, 7); l.insert(100, 0); l.insert(-1, 4)
print(l, l.index(8), l.count(9), len(l))
l.remove(9)
print(l.pop(), l.pop(0), l)
l.sort(); print(l)
l.sort(key=lambda v: -v); print(l)
l.reverse(); print(l)
c = l.copy(); c.clear(); print(c, l)
print(l * 0, [0] * 3, l[:] is l, l[:] == l, [1, 2] + [3], list("ab") + list((1,)))
try:
    l.remove(99)
except ValueError as e:
    print("ValueError:", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
