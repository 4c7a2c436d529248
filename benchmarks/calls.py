"""Python-to-Python calls of several shapes."""

import pyperf


def positional(a, b):
    return a


def with_default(a, b=2):
    return b


def keywords(a, *, key):
    return key


class Thing:
    def method(self, a):
        return a


def make_closure(k):
    def inner(a):
        return a + k
    return inner


def calls(n=10_000):
    thing = Thing()
    closure = make_closure(1)
    total = 0
    for i in range(n):
        total += positional(i, 1) + with_default(i) + keywords(i, key=3)
        total += thing.method(i) + closure(i)
    return total


if __name__ == "__main__":
    pyperf.Runner().bench_func("calls", calls)
