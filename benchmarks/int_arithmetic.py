"""Small-int arithmetic, comparisons and bitwise operations."""

import pyperf


def int_arithmetic(n=20_000):
    a, b, acc = 3, 5, 0
    for i in range(n):
        acc = (acc + i * a - b) & 0xFFFF
        if acc > 1000:
            acc = acc // 3 - (i % 7)
        acc ^= i << 1
    return acc


if __name__ == "__main__":
    pyperf.Runner().bench_func("int_arithmetic", int_arithmetic)
