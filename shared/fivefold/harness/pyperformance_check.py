"""Run one pyperformance benchmark's code once and record what it computes.

    python -m fivefold.harness.pyperformance_check --engine {cpython,fivefold} NAME OUTPUT.json

The benchmark file runs unmodified as `__main__`, with `pyperf.Runner` replaced
by `OnceRunner`, which calls each benchmarked function once (loops=1) instead
of timing it. What the code computes is recorded, so that the same run under
CPython and under fivefold can be compared exactly:

- every call of a function or method defined in the benchmark file or in the
  standard-library modules it is about (its `accelerate` list; up to
  MAX_RECORDS calls): its qualified name and the repr of its result (memory
  addresses blanked; sets sorted, their order depends on addresses);
- what the benchmarked functions return, and everything printed.

Benchmarks often return times: `pyperf.perf_counter` and `time.perf_counter`
become a counter that advances by one per call, so their differences are the
same on both engines. `random` is seeded and PYTHONHASHSEED should be fixed by
the caller (the test sets it), so runs are deterministic.

With `--engine fivefold` the file is compiled by fivefold's compiler and runs on
fivefold's VM (its imports follow the import hook's rule, plus the benchmark's
`accelerate` modules); with `--engine cpython` it is CPython's own code.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import inspect
import io
import itertools
import random
import re
import sys
import types

MAX_RECORDS = 3000
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def canonical(value, depth: int = 0) -> str:
    """A repr that does not depend on memory addresses."""
    if depth > 6:
        return "..."
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}({sorted(canonical(v, depth + 1) for v in value)})"
    if isinstance(value, (list, tuple)) and len(value) <= 200:
        inner = ", ".join(canonical(v, depth + 1) for v in value)
        return f"{type(value).__name__}[{inner}]"
    try:
        text = repr(value)
    except Exception as e:  # noqa: BLE001 - a broken __repr__ is recorded, not fatal
        text = f"<repr failed: {type(e).__name__}>"
    return _ADDRESS.sub(" at 0x?", text)[:300]


class Recorder:
    """Wraps the benchmark file's functions to record (qualname, result) per call."""

    def __init__(self, filenames: set[str]):
        self.filenames = set(filenames)
        self.records: list[tuple[str, str]] = []
        self.calls = 0
        self.undo: list[tuple[object, str, object]] = []
        self.busy = False

    def _defined_here(self, func) -> bool:
        code = getattr(func, "__code__", None)
        return code is not None and code.co_filename in self.filenames

    def _wrap(self, func):
        recorder = self

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            result = func(*args, **kwargs)
            if not recorder.busy:
                recorder.record(func.__qualname__, result)
            return result

        return wrapper

    def record(self, name: str, result) -> None:
        self.calls += 1
        if len(self.records) >= MAX_RECORDS:
            self.restore()  # enough: the rest runs without wrappers
            return
        self.busy = True
        try:
            self.records.append((name, canonical(result)))
        finally:
            self.busy = False

    def install(self, namespace: dict) -> None:
        module_name = namespace.get("__name__")
        skip = {"__repr__", "__str__", "__format__", "__hash__", "__del__", "__eq__"}
        for name, value in list(namespace.items()):
            if inspect.isfunction(value) and self._defined_here(value) and \
                    not inspect.iscoroutinefunction(value) and \
                    not inspect.isgeneratorfunction(value):
                self.undo.append((namespace, name, value))
                namespace[name] = self._wrap(value)
            elif isinstance(value, type) and value.__module__ == module_name:
                for attr, member in list(vars(value).items()):
                    if attr in skip or not inspect.isfunction(member):
                        continue
                    if not self._defined_here(member) or inspect.isgeneratorfunction(member) \
                            or inspect.iscoroutinefunction(member):
                        continue
                    self.undo.append((value, attr, member))
                    setattr(value, attr, self._wrap(member))

    def restore(self) -> None:
        for owner, name, original in reversed(self.undo):
            if isinstance(owner, dict):
                owner[name] = original
            else:
                setattr(owner, name, original)
        self.undo.clear()


class OnceRunner:
    """Stands in for pyperf.Runner: same argument parser, each benchmark run once."""

    results: list[tuple[str, str]] = []
    recorder: Recorder | None = None
    extra_modules: tuple[str, ...] = ()   # accelerated modules whose calls are recorded too
    installed = False

    def __init__(self, *args, add_cmdline_args=None, **kwargs):
        self.argparser = argparse.ArgumentParser()
        self.metadata: dict = {}
        self.args = None

    def parse_args(self, args=None):
        self.args = self.argparser.parse_args(args)
        return self.args

    def _run(self, name: str, func, call):
        if self.recorder is not None and not OnceRunner.installed:
            OnceRunner.installed = True
            self.recorder.install(func.__globals__ if hasattr(func, "__globals__")
                                  else func.__func__.__globals__)
            for name in sorted(sys.modules):
                module = sys.modules[name]
                if module is not None and any(name == m or name.startswith(m + ".")
                                              for m in self.extra_modules):
                    self.recorder.install(vars(module))
        result = call()
        self.results.append((name, canonical(result)))
        return None

    def bench_func(self, name, func, *args, inner_loops=None, metadata=None):
        return self._run(name, func, lambda: func(*args))

    def bench_time_func(self, name, func, *args, inner_loops=None, metadata=None):
        return self._run(name, func, lambda: func(1, *args))

    def bench_async_func(self, name, func, *args, inner_loops=None, metadata=None):
        import asyncio

        return self._run(name, func, lambda: asyncio.run(func(*args)))


def _counter():
    ticks = itertools.count()
    return lambda: float(next(ticks))


def run(engine: str, name: str) -> dict:
    import time

    import pyperf

    from fivefold.harness.suites import pyperformance_benchmark, pyperformance_script

    bench = pyperformance_benchmark(name)
    path = str(pyperformance_script(bench))
    with open(path, "rb") as f:
        source = f.read()
    if engine == "fivefold":
        import os

        from fivefold import compiler
        from fivefold.runtime import import_hook

        import_hook.install_for_program(os.path.dirname(path), list(bench.accelerate))
        code = compiler.compile_source(source, path)
    else:
        code = compile(source, path, "exec")
    pyperf.Runner = OnceRunner
    pyperf.perf_counter = _counter()
    time.perf_counter = _counter()
    files = {path}
    for name in bench.accelerate:
        # The stdlib modules the benchmark is about: their calls are recorded too.
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            files.add(spec.origin)
    OnceRunner.recorder = Recorder(files)
    OnceRunner.extra_modules = bench.accelerate
    random.seed(12345)
    sys.argv[:] = [path, *bench.extra_args, *bench.check_args]
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    saved_main = sys.modules["__main__"]
    sys.modules["__main__"] = main
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(code, main.__dict__)
    finally:
        sys.modules["__main__"] = saved_main
        OnceRunner.recorder.restore()
    recorder = OnceRunner.recorder
    from fivefold.runtime.bytecode_cache import is_shadow

    # Compiled on import (fivefold's loader) or, imported before the hook,
    # accelerated in place (import_hook.REPORT: their functions run fivefold code).
    from fivefold.runtime import import_hook

    on_fivefold = sorted(n for n, m in sys.modules.items()
                         if type(getattr(m, "__loader__", None)).__name__ == "FivefoldLoader"
                         or import_hook.REPORT.get(n, (False, ""))[0])
    return {"benchmark": name, "engine": engine, "main_on_fivefold": is_shadow(code),
            "modules_on_fivefold": on_fivefold, "calls": recorder.calls,
            "records": recorder.records, "results": OnceRunner.results,
            "stdout": out.getvalue()[-5000:]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivefold.harness.pyperformance_check",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=("cpython", "fivefold"), required=True)
    parser.add_argument("benchmark")
    parser.add_argument("output", help="JSON file to write")
    args = parser.parse_args(argv)
    result = run(args.engine, args.benchmark)
    import json  # only now: the benchmark may want json compiled by fivefold

    with open(args.output, "w") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
