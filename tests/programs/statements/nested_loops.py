for i in range(4):
    for j in range(4):
        if j > i:
            break
        if (i + j) % 2:
            continue
        print(i, j, end="; ")
    else:
        print("inner completed", end="")
    print()
found = None
for a in range(1, 20):
    for b in range(a, 20):
        if a * b == 42 and a + b == 13:
            found = (a, b)
            break
    if found:
        break
print(found)
