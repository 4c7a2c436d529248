"""Loop machinery: for over range and list, while with a counter, nested loops."""

import pyperf

ITEMS = list(range(100))


def loops(n=100):
    count = 0
    for _ in range(n):
        for item in ITEMS:
            count += 1
        i = 0
        while i < 100:
            i += 1
        for a in range(10):
            for b in range(10):
                count += 1
    return count + i


if __name__ == "__main__":
    pyperf.Runner().bench_func("loops", loops)
