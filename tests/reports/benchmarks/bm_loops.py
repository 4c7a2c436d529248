"""A tiny pyperf benchmark: an integer loop (for the end-to-end report test)."""

import pyperf


def loops(n=2000):
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


if __name__ == "__main__":
    pyperf.Runner().bench_func("loops", loops)
