matrix = [[(r * 3 + c) for c in range(3)] for r in range(3)]
print(matrix)
print([[row[i] for row in matrix] for i in range(3)])
print([sum(x for x in row if x % 2) for row in matrix])
print({r: [c for c in row if c > 4] for r, row in enumerate(matrix)})
primes = [n for n in range(2, 50) if all(n % d for d in range(2, int(n ** 0.5) + 1))]
print(primes)
print([(a, b, c) for c in range(1, 20) for b in range(1, c) for a in range(1, b) if a * a + b * b == c * c])
