# A hot a, b = x site sees tuples, lists, strings, generators, dicts, then wrong lengths.
def swap(pair):
    a, b = pair
    return b, a

items = [(1, 2)] * 3 + [[3, 4], "xy", (i for i in (5, 6)), {7: 0, 8: 0}, range(9, 11), b"AB"]
print([swap(p) for p in items])
for bad in [(1, 2, 3), [1], "xyz", (), 5]:
    try:
        swap(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
def three(seq):
    x, y, z = seq
    return z
print([three(s) for s in ([1, 2, 3], (4, 5, 6), [7, 8, 9], "abc")])
lst = [1, 2, 3]
def grow_then_unpack():
    lst.append(4)
    return three(lst)
try:
    grow_then_unpack()
except ValueError as e:
    print("ValueError:", e)
