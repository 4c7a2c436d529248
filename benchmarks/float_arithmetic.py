"""Float add, multiply and divide, and floats mixed with ints."""

import pyperf


def float_arithmetic(n=20_000):
    x, y, acc = 1.5, 0.25, 0.0
    for i in range(n):
        acc = acc * 0.5 + x * y - i / 3.0
        x = x + 1e-6
        if acc < -1e6:
            acc = 0.0
    return acc


if __name__ == "__main__":
    pyperf.Runner().bench_func("float_arithmetic", float_arithmetic)
