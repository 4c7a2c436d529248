a, b = 0, 100
steps = 0
while a < b and (b - a) > 3 or steps == 0:
    a += 7
    b -= 5
    steps += 1
print(a, b, steps)
queue = [3, 1, 4, 1, 5, 9, 2, 6]
while queue and queue[-1] != 9:
    print("pop", queue.pop())
print(queue)
n = 27
seq = [n]
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    seq.append(n)
print(len(seq), max(seq))
