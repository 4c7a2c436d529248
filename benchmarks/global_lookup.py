"""Global and builtin name loads in a function body."""

import pyperf

SCALE = 3
OFFSET = 7


def helper(x):
    return x


def global_lookup(n=20_000):
    total = 0
    for i in range(n):
        # SCALE, OFFSET, helper: module globals; len, abs: builtins.
        total += SCALE * OFFSET + helper(SCALE) + len("ab") + abs(-OFFSET)
    return total


if __name__ == "__main__":
    pyperf.Runner().bench_func("global_lookup", global_lookup)
