memo = {}
def ways(n, coins=(1, 5, 10, 25)):
    if n == 0:
        return 1
    if n < 0 or not coins:
        return 0
    key = (n, coins)
    if key not in memo:
        memo[key] = ways(n - coins[0], coins) + ways(n, coins[1:])
    return memo[key]
print(ways(100), len(memo))
def collatz_len(n, cache={1: 1}):
    if n not in cache:
        cache[n] = 1 + collatz_len(n // 2 if n % 2 == 0 else 3 * n + 1)
    return cache[n]
best = max(range(1, 3000), key=collatz_len)
print(best, collatz_len(best))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(1071, 462), gcd(2 ** 40, 6 ** 20))
