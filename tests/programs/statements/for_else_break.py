def find(items, target):
    for i, v in enumerate(items):
        if v == target:
            print("found at", i)
            break
    else:
        print("not found")
        return -1
    return i
print(find([4, 5, 6], 5), find([4, 5, 6], 9), find([], 1))
for i in range(3):
    pass
else:
    print("else after normal loop, i =", i)
for ch in "skip":
    if ch in "ki":
        continue
    print("char", ch)
