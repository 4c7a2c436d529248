"""A tiny pyperf benchmark: building and reading a dict of strings (end-to-end report test)."""

import pyperf


def dicts(n=500):
    table = {}
    for i in range(n):
        table[f"k{i}"] = i
    return sum(table[k] for k in table)


if __name__ == "__main__":
    pyperf.Runner().bench_func("dicts", dicts)
