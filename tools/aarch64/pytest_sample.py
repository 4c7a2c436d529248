"""pytest plugin: run every test, but only 1 in N cases of each parametrized test.

`nox -s aarch64` loads it (`-p pytest_sample`, with tools/aarch64 on
PYTHONPATH) for its second pass under emulation, the ARMv8.0 (cortex-a72) one,
where running the whole differential corpus again would double the pass's
time for little: see "What runs under emulation" in docs/aarch64.md.

The sample is by position, not at random: cases 0, N, 2N, ... of each test
function in collection order (the corpus is sorted), so each run, and each
xdist worker, picks the same cases, and every parametrized test keeps its
first case.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--sample-cases", type=int, default=1, metavar="N",
                     help="run 1 in N cases of each parametrized test (default 1: all)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    every = config.getoption("--sample-cases")
    if every < 1:
        raise pytest.UsageError(f"--sample-cases must be 1 or more, not {every}")
    if every == 1:
        return
    seen: dict[str, int] = {}
    kept, dropped = [], []
    for item in items:
        if getattr(item, "callspec", None) is None:   # not parametrized: always runs
            kept.append(item)
            continue
        function = item.nodeid.split("[", 1)[0]
        index = seen.get(function, 0)
        seen[function] = index + 1
        (kept if index % every == 0 else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
