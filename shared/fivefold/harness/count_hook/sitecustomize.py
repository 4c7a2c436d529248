"""Loaded at start-up (PYTHONPATH) by the instruction-count metric only.

Under a counter, pyperf's own worker mode adds noise: it reads clocks, collects
metadata and writes JSON whose float text varies in length, ~0.02% of a process's
instructions, which is more than a small loop's whole work. So when
FIVEFOLD_COUNT_LOOPS is set this replaces pyperf.Runner by a subclass that runs
the selected benchmark's function for that many loops and nothing else, and
writes the benchmark's name to FIVEFOLD_COUNT_OUT. The benchmark script itself
stays the main program, unmodified (an engine accelerates its main program).
Runs on every engine: plain Python 3.9+, pyperf's Runner internals (_main,
WorkerTask.task_func) as in pyperf 2.6 - 2.11.
"""

import os

if os.environ.get("FIVEFOLD_COUNT_LOOPS"):
    import pyperf

    class _CountingRunner(pyperf.Runner):
        def _main(self, task):
            task.task_func(task, int(os.environ["FIVEFOLD_COUNT_LOOPS"]))
            with open(os.environ["FIVEFOLD_COUNT_OUT"], "w") as out:
                out.write(task.name)
            self._worker_task += 1
            return None

    pyperf.Runner = _CountingRunner
