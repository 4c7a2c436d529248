"""The benchmark harness: engines, suites, metrics, the results store, the runner.

One module per concern:

- identity: the machine, the fivefold commit, the cache folder
- engine_specs: engine specs (``cpython``, ``pypy``, ``fivefold:stage=1,without=...``),
  the resolved `Engine` and what probing it tells
- change_selection: which changes a fivefold spec runs, its build options, its wrapper
- engines: how each kind of spec becomes an executable pyperf's ``--python`` can run
- aarch64_engine: the ``fivefold-aarch64`` kind (fivefold as arm64 code under qemu)
- aarch64_counter: guest instruction counts under qemu (its metric)
- variants: build variants of the extension for build-switch changes
- suites: folders of pyperf benchmark scripts (pyperformance, ours, a sponsor's)
- metrics: what is measured (time, memory, startup, instruction counts) and how
- counters: instruction counters (valgrind's cachegrind; qemu's plugin)
- count_hook/: the sitecustomize that the instruction metric puts on PYTHONPATH
- store: the results folder (docs/results-store.md)
- runner: runs engines x benchmarks interleaved, resumes, shows progress
- cluster: the same steps as jobs of a Dask cluster (``--cluster``), filed here
- compare: the comparison table (ratios, confidence intervals, geometric mean)
- bench_commands: ``fivefold bench`` and ``fivefold results``
- pyperformance_check: one pyperformance benchmark run once, what it computes recorded
- pyperformance_runs: a pyperformance benchmark through pyperf, workers on one engine
- stage_timing: stage N against stage N-1, tier 0 and CPython on pyperformance, side by side
- stage_gains: each change's isolated gain in stage N and the compounded projection
- stage_measure: the per-stage measurement's command line and the tables in the READMEs
"""
