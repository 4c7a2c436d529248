"""Instance attribute loads and stores, and method loads."""

import pyperf


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return self.x + self.y


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b


def attribute_access(n=20_000):
    p = Point(1, 2)
    s = Slotted(3, 4)
    total = 0
    for _ in range(n):
        p.x = p.y
        p.y = p.x + 1
        s.a = s.b
        s.b = s.a
        total += p.x + p.y + s.a + p.norm1()
    return total


if __name__ == "__main__":
    pyperf.Runner().bench_func("attribute_access", attribute_access)
