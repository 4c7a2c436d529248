data = [1, 5, 3, 8, 2]
running = 0
sums = [running := running + d for d in data]
print(sums, running)
print([y for x in data if (y := x * 10) > 25], y)
def f():
    found = [hit for v in range(10) if (hit := v * v) > 20][:1]
    return found, hit
print(f())
print({k: (n := len(k)) for k in ["a", "bbb"]}, n)
