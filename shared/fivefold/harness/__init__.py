"""The benchmark harness: engines, suites, metrics, the results store, the runner.

One module per concern:

- identity: the machine, the fivefold commit, the cache folder
- engines: engine specs (``cpython``, ``pypy``, ``fivefold:stage=1,without=...``) and
  how each becomes an executable pyperf's ``--python`` can run
- variants: build variants of the extension for build-switch changes
- suites: folders of pyperf benchmark scripts (pyperformance, ours, a sponsor's)
- metrics: what is measured (time, memory, startup, instruction counts) and how
- counters: instruction counters (valgrind's cachegrind; qemu's plugin later)
- store: the results folder (docs/results-store.md)
- runner: runs engines x benchmarks interleaved, resumes, shows progress
- compare: the comparison table (ratios, confidence intervals, geometric mean)
- cli: ``fivefold bench`` and ``fivefold results``
"""
