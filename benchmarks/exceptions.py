"""Raising and catching, try blocks that do not raise, and with-statements."""

import pyperf


class Resource:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def fails(i):
    raise ValueError(i)


def exceptions(n=5_000):
    caught = 0
    resource = Resource()
    for i in range(n):
        try:
            fails(i)
        except ValueError:
            caught += 1
        try:
            caught += 1
        except KeyError:
            caught -= 1
        finally:
            caught += 1
        with resource:
            caught += 1
    return caught


if __name__ == "__main__":
    pyperf.Runner().bench_func("exceptions", exceptions)
