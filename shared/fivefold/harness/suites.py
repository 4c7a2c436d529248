"""Suites: folders of pyperf benchmark scripts.

- ``pyperformance``: the benchmarks bundled in the installed pyperformance
  package, read from its MANIFEST and metadata files, unmodified. The default
  selection is `PYPERFORMANCE_DEFAULT`, the names of `PYPERFORMANCE_BENCHMARKS`:
  pure-Python ones that need nothing but pyperf and run on CPython 3.11 and
  PyPy 3.9 (each checked with ``run_benchmark.py --python ENGINE
  --debug-single-value``). `PYPERFORMANCE_BENCHMARKS` also says, for each, the
  arguments pyperformance passes, the standard-library modules it is about
  (compiled by fivefold too when asked, with ``--accelerate``) and smaller
  arguments for the result check (pyperformance_check.py), which runs each
  benchmark's code once under CPython and under fivefold and compares what it
  computes; the per-stage measurement (stage_measure.py) runs them in that order.
- ``fivefold``: our micro-benchmarks (benchmarks/ at the top of the repository).
- a folder path: every ``*.py`` in it (or ``bm_*/run_benchmark.py``), with an
  optional ``suite.toml``::

      name = "acme"                 # default: the folder's name
      [weights]                     # default weight 1.0
      parse_invoice = 3.0
      [args]                        # extra command-line arguments of a script
      render = ["--pages", "10"]
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(frozen=True)
class Benchmark:
    """One pyperformance benchmark, run from pyperformance's own unmodified files."""

    name: str                                   # pyperformance's name
    folder: str                                 # bm_* folder in data-files/benchmarks
    extra_args: tuple[str, ...] = ()            # pyperformance's extra_opts
    check_args: tuple[str, ...] = ()            # smaller problem for the result check
    accelerate: tuple[str, ...] = ()            # stdlib modules the benchmark exercises
    slow_check: bool = False                    # result check takes more than a few seconds
    notes: str = ""


PYPERFORMANCE_BENCHMARKS: list[Benchmark] = [
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
    Benchmark("coroutines", "bm_coroutines"),
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

# The suite's default selection: the same benchmarks, in pyperformance's (alphabetical) order.
PYPERFORMANCE_DEFAULT = tuple(sorted(b.name for b in PYPERFORMANCE_BENCHMARKS))

_BY_NAME = {b.name: b for b in PYPERFORMANCE_BENCHMARKS}


def pyperformance_benchmark(name: str) -> Benchmark:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown benchmark {name!r}; known: {', '.join(_BY_NAME)}") from None


class SuiteError(Exception):
    pass


def did_you_mean(name: str, known) -> str:
    """`name`, with the closest known names when some are close (difflib)."""
    import difflib

    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    return name + (f" (did you mean {' or '.join(map(repr, close))}?)" if close else "")


@dataclass(frozen=True)
class Entry:
    """One script of a suite (it may report several pyperf benchmarks)."""

    name: str
    script: Path
    args: tuple[str, ...] = ()
    weight: float = 1.0


@dataclass
class Suite:
    name: str
    root: Path
    entries: list[Entry]
    # Every entry `select` may pick (pyperformance: all of MANIFEST); default: `entries`.
    catalog: list[Entry] = field(default_factory=list)

    def select(self, names: list[str] | None) -> "Suite":
        if not names:
            return self
        by_name = {e.name: e for e in self.all_entries()}
        unknown = [n for n in names if n not in by_name]
        if unknown:
            raise SuiteError(f"suite {self.name!r} has no benchmark "
                             f"{'; '.join(did_you_mean(n, by_name) for n in unknown)}; "
                             f"it has: {', '.join(sorted(by_name))}")
        return replace(self, entries=[by_name[n] for n in names])

    def all_entries(self) -> list[Entry]:
        return self.catalog or self.entries

    def weight(self, name: str) -> float:
        for entry in self.all_entries():
            if entry.name == name:
                return entry.weight
        return 1.0


def load_suite(name_or_path: str) -> Suite:
    if name_or_path == "pyperformance":
        return pyperformance_suite()
    if name_or_path == "fivefold":
        return folder_suite(benchmarks_dir(), default_name="fivefold")
    path = Path(name_or_path)
    if path.is_dir():
        return folder_suite(path)
    raise SuiteError(f"unknown suite {name_or_path!r}: give 'pyperformance', 'fivefold' or a folder")


def suite_source(name_or_path: str) -> str:
    """What names the suite `load_suite` loaded on another machine: the suite's
    name ('pyperformance', 'fivefold': each machine has its own copy) or the
    folder's absolute path (which must be the same on every worker)."""
    if name_or_path in ("pyperformance", "fivefold"):
        return name_or_path
    return str(Path(name_or_path).resolve())


def benchmarks_dir() -> Path:
    """Our micro-benchmarks: benchmarks/ of the source tree, else the copy meson
    installs as fivefold/benchmarks."""
    from fivefold.harness import identity
    import fivefold

    root = identity.repository_root()
    candidates = ([root / "benchmarks"] if root else []) + [Path(fivefold.__file__).parent / "benchmarks"]
    for path in candidates:
        if path.is_dir():
            return path
    raise SuiteError(f"fivefold's benchmarks folder not found (looked in {', '.join(map(str, candidates))})")


def folder_suite(folder: Path, default_name: str | None = None) -> Suite:
    folder = Path(folder).resolve()
    config: dict = {}
    toml = folder / "suite.toml"
    if toml.is_file():
        try:
            config = tomllib.loads(toml.read_text())
        except tomllib.TOMLDecodeError as exc:
            raise SuiteError(f"{toml}: {exc}") from None
    weights = config.get("weights", {})
    args = config.get("args", {})
    scripts = {p.stem: p for p in sorted(folder.glob("*.py")) if not p.name.startswith("_")}
    for p in sorted(folder.glob("bm_*/run_benchmark.py")):
        scripts[p.parent.name[3:]] = p
    if not scripts:
        raise SuiteError(f"{folder} holds no benchmark scripts (*.py or bm_*/run_benchmark.py)")
    for name in (*weights, *args):
        if name not in scripts:
            raise SuiteError(f"{toml}: {name!r} is not a benchmark of this folder")
    entries = []
    for name, script in scripts.items():
        weight = weights.get(name, 1.0)
        if not isinstance(weight, (int, float)) or isinstance(weight, bool) or weight <= 0:
            raise SuiteError(f"{toml}: weight of {name!r} must be a positive number, not {weight!r}")
        extra = args.get(name, [])
        if not (isinstance(extra, list) and all(isinstance(a, str) for a in extra)):
            raise SuiteError(f"{toml}: args of {name!r} must be a list of strings")
        entries.append(Entry(name, script, tuple(extra), float(weight)))
    return Suite(str(config.get("name") or default_name or folder.name), folder, entries)


def pyperformance_dir() -> Path:
    """pyperformance's benchmark folder (FIVEFOLD_PYPERFORMANCE_DATA overrides)."""
    override = os.environ.get("FIVEFOLD_PYPERFORMANCE_DATA")
    if override:
        return Path(override)
    try:
        import pyperformance
    except ImportError:
        raise SuiteError("the pyperformance suite needs the pyperformance package") from None
    path = Path(pyperformance.__file__).parent / "data-files" / "benchmarks"
    if not (path / "MANIFEST").is_file():
        raise SuiteError(f"pyperformance's benchmarks are not where expected: {path}")
    return path


def pyperformance_script(bench: Benchmark) -> Path:
    """The benchmark's unmodified run_benchmark.py in the installed pyperformance."""
    path = pyperformance_dir() / bench.folder / "run_benchmark.py"
    if not path.is_file():
        raise FileNotFoundError(f"pyperformance benchmark {bench.name}: no {path}")
    return path


def pyperformance_suite() -> Suite:
    root = pyperformance_dir()
    entries = {e.name: e for e in _manifest_entries(root)}
    missing = [n for n in PYPERFORMANCE_DEFAULT if n not in entries]
    if missing:
        raise SuiteError(f"pyperformance's MANIFEST lacks {', '.join(missing)}")
    return Suite("pyperformance", root, [entries[n] for n in PYPERFORMANCE_DEFAULT],
                 catalog=list(entries.values()))


def _manifest_entries(root: Path) -> list[Entry]:
    """Entries from MANIFEST's [benchmarks] table: `name <tab> metafile`, where
    <local> is bm_NAME/pyproject.toml and <local:BASE> is bm_BASE/bm_NAME.toml."""
    entries, section = [], None
    for line in (root / "MANIFEST").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line
            continue
        if section != "[benchmarks]" or line.startswith("name"):
            continue
        name, metafile = line.split()[:2]
        if metafile == "<local>":
            folder, meta = root / f"bm_{name}", root / f"bm_{name}" / "pyproject.toml"
        elif metafile.startswith("<local:"):
            base = metafile[len("<local:"):-1]
            folder, meta = root / f"bm_{base}", root / f"bm_{base}" / f"bm_{name}.toml"
        else:
            continue
        extra: list[str] = []
        if meta.is_file():
            extra = tomllib.loads(meta.read_text()).get("tool", {}).get("pyperformance", {}).get("extra_opts", [])
        script = folder / "run_benchmark.py"
        if script.is_file():
            entries.append(Entry(name, script, tuple(extra)))
    return entries
