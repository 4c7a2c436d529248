"""pyperformance's own benchmark files, unmodified, as a suite fivefold can run.

The files come from the installed pyperformance package (its `data-files/`
folder); nothing is copied. A `Benchmark` names one pyperformance benchmark:
its folder, the arguments pyperformance passes (`extra_opts` of its TOML, such
as `--pure-python pickle`), the standard-library modules it is really about
(compiled by fivefold too when asked, with `--accelerate`), and small
arguments for the result check (pyperformance_check.py), which runs each
benchmark's code once under CPython and under fivefold and compares what it
computes.

`pyperf_command` builds the command line that runs a benchmark through pyperf
with its worker processes on a given Python executable (CPython, or the
`fivefold-python` launcher); the harness can reuse it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

# Environment variables pyperf must pass on to its workers (it drops the rest).
FIVEFOLD_ENVIRON = ("FIVEFOLD_STAGE", "FIVEFOLD_WITH", "FIVEFOLD_WITHOUT", "FIVEFOLD_ACCELERATE")


@dataclass(frozen=True)
class Benchmark:
    name: str                                   # pyperformance's name
    folder: str                                 # bm_* folder in data-files/benchmarks
    extra_args: tuple[str, ...] = ()            # pyperformance's extra_opts
    check_args: tuple[str, ...] = ()            # smaller problem for the result check
    accelerate: tuple[str, ...] = ()            # stdlib modules the benchmark exercises
    slow_check: bool = False                    # result check takes more than a few seconds
    notes: str = ""


BENCHMARKS: list[Benchmark] = [
    Benchmark("nbody", "bm_nbody", check_args=("--iterations", "2000")),
    Benchmark("fannkuch", "bm_fannkuch", slow_check=True),
    Benchmark("spectral_norm", "bm_spectral_norm", slow_check=True),
    Benchmark("float", "bm_float", slow_check=True),
    Benchmark("richards", "bm_richards"),
    Benchmark("chaos", "bm_chaos",
              check_args=("--iterations", "300", "--width", "32", "--height", "32")),
    Benchmark("deltablue", "bm_deltablue"),
    Benchmark("nqueens", "bm_nqueens", slow_check=True),
    Benchmark("raytrace", "bm_raytrace", check_args=("--width", "12", "--height", "12")),
    Benchmark("generators", "bm_generators"),
    Benchmark("coroutines", "bm_coroutines",
              notes="async def: its coroutines run on CPython (fallback)"),
    Benchmark("unpack_sequence", "bm_unpack_sequence"),
    Benchmark("deepcopy", "bm_deepcopy", accelerate=("copy",)),
    Benchmark("json_dumps", "bm_json_dumps", check_args=("--cases", "EMPTY,SIMPLE,NESTED"),
              accelerate=("json",)),
    Benchmark("logging", "bm_logging", accelerate=("logging",)),
    Benchmark("pickle_pure_python", "bm_pickle", extra_args=("--pure-python", "pickle"),
              accelerate=("pickle", "_compat_pickle")),
    Benchmark("unpickle_pure_python", "bm_pickle", extra_args=("--pure-python", "unpickle"),
              accelerate=("pickle", "_compat_pickle")),
    Benchmark("scimark", "bm_scimark", slow_check=True),
    Benchmark("pidigits", "bm_pidigits", check_args=("--digits", "300")),
    Benchmark("go", "bm_go", slow_check=True),
    Benchmark("hexiom", "bm_hexiom", check_args=("--level", "10")),
    Benchmark("pyflate", "bm_pyflate", slow_check=True),
    Benchmark("comprehensions", "bm_comprehensions"),
    Benchmark("meteor_contest", "bm_meteor_contest", slow_check=True),
]

BY_NAME = {b.name: b for b in BENCHMARKS}


def data_dir() -> Path:
    """pyperformance's benchmark folder (FIVEFOLD_PYPERFORMANCE_DATA overrides)."""
    override = os.environ.get("FIVEFOLD_PYPERFORMANCE_DATA")
    if override:
        return Path(override)
    import pyperformance

    return Path(pyperformance.__file__).parent / "data-files" / "benchmarks"


def script(bench: Benchmark) -> Path:
    path = data_dir() / bench.folder / "run_benchmark.py"
    if not path.is_file():
        raise FileNotFoundError(f"pyperformance benchmark {bench.name}: no {path}")
    return path


def get(name: str) -> Benchmark:
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown benchmark {name!r}; known: {', '.join(BY_NAME)}") from None


@dataclass
class PyperfOptions:
    """How much pyperf measures (its defaults when empty)."""

    fast: bool = False
    processes: int | None = None
    values: int | None = None
    warmups: int | None = None
    loops: int | None = None
    extra: list[str] = field(default_factory=list)

    def args(self) -> list[str]:
        out = ["--fast"] if self.fast else []
        for flag, value in (("--processes", self.processes), ("--values", self.values),
                            ("--warmups", self.warmups), ("--loops", self.loops)):
            if value is not None:
                out.append(f"{flag}={value}")
        return out + list(self.extra)


def pyperf_command(bench: Benchmark, python: str, output: str | os.PathLike,
                   options: PyperfOptions | None = None,
                   accelerate: bool = False) -> tuple[list[str], dict]:
    """The command (and environment additions) that runs `bench` through pyperf, manager
    and workers on `python` (pyperf's workers run `sys.executable`, which the fivefold
    launcher sets to itself). `accelerate` also compiles the benchmark's stdlib modules."""
    options = options or PyperfOptions()
    env = {}
    if accelerate and bench.accelerate:
        env["FIVEFOLD_ACCELERATE"] = ",".join(bench.accelerate)
    cmd = [python, str(script(bench)), *bench.extra_args,
           f"--python={python}",
           "--inherit-environ=" + ",".join(FIVEFOLD_ENVIRON),
           "--quiet", f"--output={output}", *options.args()]
    return cmd, env
