"""Run corpus programs many times in one process and report what stays alive.

    python tests/leak_check.py --out REPORT.json [--engine cpython|fivefold] [--runs N] PROGRAM...

Each program is compiled once (by CPython's compile(), or by fivefold's compiler:
the stage is FIVEFOLD_STAGE's) and executed WARMUP times, then RUNS times,
each in a fresh `__main__`-named namespace with stdout and stderr captured and
any exception (SystemExit included) caught and dropped, then RUNS more. After the
warm-up and after each batch it records, after a full collection, the live
GC-tracked objects per type (`gc.get_objects()`) and the bytes allocated
(`tracemalloc`); what grew in both batches is reported. A reference
kept too long by the VM (an exception, a frame, a bound method, an argument)
shows as a count that grows by at least one per run. Programs grow things of
their own too (a class made per run lands in its base's subclass list until
collected, caches warm up): tests/test_leaks.py runs the same programs on
CPython and compares, so only what fivefold adds counts.

Writes one JSON object to REPORT.json: {program: {"types": {type: growth}, "bytes": growth,
"error": null or text}}.
"""

import contextlib
import gc
import io
import json
import os
import sys
import tracemalloc

WARMUP = 2
RUNS = 4


def _compile(path: str, engine: str):
    with open(path, "rb") as f:
        source = f.read()
    if engine == "cpython":
        return compile(source, path, "exec")
    from fivefold import compiler

    return compiler.compile_source(source, path)


# What a program may set on sys and this runner puts back after each run.
_SYS_ATTRS = ("stdout", "stderr", "unraisablehook", "excepthook", "displayhook", "breakpointhook")


def _run_once(code, path: str) -> None:
    saved = {name: getattr(sys, name) for name in _SYS_ATTRS}
    namespace = {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__}
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            exec(code, namespace)
    except BaseException:  # noqa: BLE001 - the corpus raises on purpose; what is kept alive counts
        pass
    finally:
        for name, value in saved.items():
            setattr(sys, name, value)
        sys.last_type = sys.last_value = sys.last_traceback = None
        namespace.clear()


def _live_by_type() -> dict[str, int]:
    gc.collect()
    counts: dict[str, int] = {}
    for obj in gc.get_objects():
        name = type(obj).__qualname__
        counts[name] = counts.get(name, 0) + 1
    return counts


def check(path: str, engine: str, runs: int) -> dict:
    code = _compile(path, engine)
    argv, cwd = sys.argv[:], os.getcwd()
    sys.argv[:] = [path]
    os.chdir(os.path.dirname(path))
    try:
        for _ in range(WARMUP):
            _run_once(code, path)
        tracemalloc.start()
        counts, sizes = [], []
        for interval in range(3):
            if interval:
                for _ in range(runs):
                    _run_once(code, path)
            counts.append(_live_by_type())
            sizes.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
    finally:
        sys.argv[:] = argv
        os.chdir(cwd)
    # What grew in both intervals: a one-time allocation (a table that doubles, a
    # cache filled late) grows in one of them only; a leak grows in each.
    names = set().union(*counts)
    grown = {t: min(counts[1].get(t, 0) - counts[0].get(t, 0), counts[2].get(t, 0) - counts[1].get(t, 0))
             for t in names}
    return {"types": {t: n for t, n in grown.items() if n > 0},
            "bytes": min(sizes[1] - sizes[0], sizes[2] - sizes[1]), "error": None}


def main() -> int:
    args = sys.argv[1:]
    engine, runs, out_path = "fivefold", RUNS, None
    while args and args[0].startswith("--"):
        flag, value, args = args[0], args[1], args[2:]
        if flag == "--engine":
            engine = value
        elif flag == "--runs":
            runs = int(value)
        elif flag == "--out":
            out_path = value
        else:
            raise SystemExit(f"leak_check: unknown option {flag}")
    if out_path is None:
        raise SystemExit("leak_check: --out REPORT.json is required")
    report = {}
    for path in args:
        if os.environ.get("LEAK_CHECK_TRACE"):
            print(path, file=sys.__stderr__, flush=True)
        try:
            report[path] = check(os.path.abspath(path), engine, runs)
        except Exception as e:  # noqa: BLE001 - reported per program, the others still run
            report[path] = {"types": {}, "bytes": 0, "error": f"{type(e).__name__}: {e}"}
    with open(out_path, "w") as f:
        json.dump(report, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
