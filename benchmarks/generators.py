"""Generators: creation, yield, yield from, generator expressions."""

import pyperf


def counter(n):
    i = 0
    while i < n:
        yield i
        i += 1


def delegating(n):
    yield from counter(n)
    yield from counter(n)


def generators(n=200):
    total = 0
    for _ in range(n):
        for value in counter(20):
            total += value
        for value in delegating(10):
            total += value
        total += sum(x * 2 for x in range(20))
    return total


if __name__ == "__main__":
    pyperf.Runner().bench_func("generators", generators)
