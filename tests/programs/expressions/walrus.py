data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print("long", n)
total = 0
while (item := data.pop() if data else None) is not None:
    total += item
    print("took", item, total)
print([y for x in range(6) if (y := x * x) % 2])
print(y)
def f():
    [z := i for i in range(3)]
    return z
print(f())
print((a := 10) + (b := a * 2), a, b)
