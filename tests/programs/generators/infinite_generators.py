import itertools
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def primes():
    found = []
    for n in naturals():
        if n > 1 and all(n % p for p in found):
            found.append(n)
            yield n
print(list(itertools.islice(primes(), 15)))
def take(n, it):
    return [x for _, x in zip(range(n), it)]
print(take(5, naturals()), take(3, (c for c in "abcdef")))
def cycle(seq):
    while True:
        yield from seq
print(take(7, cycle("ab")))
