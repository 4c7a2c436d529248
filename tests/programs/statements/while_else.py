n = 0
while n < 5:
    n += 1
    if n == 10:
        break
else:
    print("while ended normally at", n)
n = 0
while True:
    n += 3
    if n > 10:
        print("break at", n)
        break
else:
    print("never")
i = 10
while i:
    i -= 1
    if i % 3:
        continue
    print("multiple of 3:", i)
