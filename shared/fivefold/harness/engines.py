"""Engines: named, reproducible ways to run a Python program.

A spec is ``kind`` or ``kind:key=value,key=value``:

    cpython                          the interpreter running the harness
    cpython:path=/usr/bin/python3.11 another CPython
    pypy                             Debian's pypy3 (or pypy:path=...), in a venv with pyperf
    fivefold:stage=1                 fivefold with the changes of stages 1..1
    fivefold:stage=2,without=s2.a,s2.b,with=s3.c
    fivefold:build=stats             plus a build option (a cached variant build)
    fivefold-aarch64:stage=0         fivefold as arm64 code under qemu (harness/aarch64_engine.py;
                                     metric qemu-instructions only)

A list value runs on over following items without '=' (``without=a,b``).
Resolving a spec gives an `Engine`: the executable that pyperf's ``--python``
runs worker processes with, and what the engine is (stage, changes, options).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from fivefold.harness import identity, variants
from fivefold.harness.store import safe_name

KINDS = ("cpython", "pypy", "fivefold", "fivefold-aarch64")
_LIST_KEYS = {"without", "with", "build"}
_KEYS = {"cpython": {"path"}, "pypy": {"path"}, "fivefold": {"stage", "without", "with", "build"},
         "fivefold-aarch64": {"stage", "without", "with"}}

NOT_RUNNABLE = "fivefold engine is not runnable yet: no fivefold-python launcher"


class EngineError(Exception):
    """A spec that cannot be parsed or an engine that cannot run (a clear message)."""


class EngineNotRunnable(EngineError):
    pass


@dataclass(frozen=True)
class EngineSpec:
    text: str                       # as typed
    kind: str
    params: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def get(self, key: str, default=None):
        for k, v in self.params:
            if k == key:
                return v
        return default

    def one(self, key: str, default: str | None = None) -> str | None:
        value = self.get(key)
        if value is None:
            return default
        if len(value) != 1:
            raise EngineError(f"engine {self.text!r}: {key}= takes one value")
        return value[0]

    @property
    def dirname(self) -> str:
        return safe_name(self.text)


def parse_spec(text: str) -> EngineSpec:
    text = text.strip()
    kind, _, rest = text.partition(":")
    if kind not in KINDS:
        raise EngineError(f"unknown engine kind {kind!r} in {text!r}; known: {', '.join(KINDS)}")
    params: dict[str, list[str]] = {}
    current = None
    for item in (p.strip() for p in rest.split(",")) if rest else ():
        if not item:
            continue
        if "=" in item:
            key, _, value = item.partition("=")
            if key not in _KEYS[kind]:
                raise EngineError(f"engine {text!r}: unknown key {key!r} for {kind} "
                                  f"(known: {', '.join(sorted(_KEYS[kind]))})")
            if key in params:
                raise EngineError(f"engine {text!r}: {key}= given twice")
            params[key] = [value] if value else []
            current = key
        elif current in _LIST_KEYS:
            params[current].append(item)
        else:
            raise EngineError(f"engine {text!r}: {item!r} is not key=value")
    return EngineSpec(text, kind, tuple((k, tuple(v)) for k, v in params.items()))


def parse_specs(text: str) -> list[EngineSpec]:
    """Split `--engines A,B` where a fivefold spec may itself hold commas:
    a new spec starts at an item that names a kind."""
    specs: list[str] = []
    for item in text.split(","):
        head = item.split(":", 1)[0].strip()
        if head in KINDS or not specs:
            specs.append(item)
        else:
            specs[-1] += "," + item
    return [parse_spec(s) for s in specs if s.strip()]


@dataclass
class Engine:
    """A resolved engine: what runs, and what it is."""

    spec: EngineSpec
    python: Path                          # what pyperf's --python gets
    stage: int | None = None
    changes: tuple[str, ...] = ()         # enabled change ids, sorted
    build_options: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)   # what the wrapper sets
    facts: dict[str, str] = field(default_factory=dict)  # from probing the engine

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def name(self) -> str:
        return self.spec.text

    @property
    def jit(self) -> bool:
        """pyperf treats a JIT differently (more values per process, warm-ups
        calibrated until the values settle), but decides it in the manager
        process: a JIT engine must run pyperf's manager itself."""
        return bool(self.facts.get("jit"))

    def command(self, *args: str) -> list[str]:
        return [str(self.python), *args]

    def metadata(self) -> dict[str, str]:
        """The engine part of every stored file's metadata (docs/results-store.md)."""
        return {
            "fivefold_engine": self.name,
            "fivefold_engine_kind": self.kind,
            "fivefold_stage": "" if self.stage is None else str(self.stage),
            "fivefold_changes": ",".join(self.changes),
            "fivefold_build_options": ",".join(f"{k}={v}" for k, v in sorted(self.build_options.items())),
            "fivefold_python_version": self.facts.get("python_version", ""),
            "fivefold_implementation": self.facts.get("implementation", ""),
        }


# Run by the engine itself: what it is. Works on Python 3.9 (PyPy) too.
_PROBE = r"""
import json, platform, sys
facts = {"python_version": platform.python_version(),
         "implementation": sys.implementation.name,
         "implementation_version": "%d.%d.%d" % sys.implementation.version[:3],
         "executable": sys.executable,
         "arch": platform.machine()}
try:
    import pyperf
    facts["pyperf"] = pyperf.__version__
    facts["jit"] = "yes" if pyperf.python_has_jit() else ""
except ImportError:
    facts["pyperf"] = ""
if "--fivefold" in sys.argv:
    import fivefold
    facts["changes"] = ",".join(sorted(c["id"] for c in fivefold.changes() if c["enabled"]))
print(json.dumps(facts))
"""


def probe(python: Path | str, env: dict | None = None, fivefold: bool = False) -> dict[str, str]:
    cmd = [str(python), "-c", _PROBE] + (["--fivefold"] if fivefold else [])
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    if proc.returncode != 0:
        raise EngineError(f"engine {python} failed to start ({shlex.join(cmd[:1])} -c ...):\n"
                          f"{proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def resolve(spec: EngineSpec | str) -> Engine:
    """Make the engine runnable (venvs, wrappers, variant builds) and identify it."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    if spec.kind == "cpython":
        engine = _resolve_cpython(spec)
    elif spec.kind == "pypy":
        engine = _resolve_pypy(spec)
    elif spec.kind == "fivefold":
        engine = _resolve_fivefold(spec)
    else:
        from fivefold.harness import aarch64_engine
        engine = aarch64_engine.resolve(spec)
    return engine


def _resolve_cpython(spec: EngineSpec) -> Engine:
    python = Path(spec.one("path") or sys.executable)
    if not (python.is_file() and os.access(python, os.X_OK)):
        raise EngineError(f"engine {spec.text!r}: {python} is not an executable")
    facts = probe(python)
    if facts["implementation"] != "cpython":
        raise EngineError(f"engine {spec.text!r}: {python} is {facts['implementation']}, not CPython")
    if not facts["pyperf"]:
        raise EngineError(f"engine {spec.text!r}: pyperf is not installed for {python} "
                          f"(run: {python} -m pip install pyperf)")
    return Engine(spec, python, facts=facts)


# --- PyPy ---------------------------------------------------------------------

def _resolve_pypy(spec: EngineSpec) -> Engine:
    base = spec.one("path") or shutil.which("pypy3") or shutil.which("pypy")
    if not base:
        raise EngineError("engine 'pypy': no pypy3 on PATH (Debian: apt-get install pypy3), "
                          "or give one with pypy:path=/path/to/pypy3")
    python = pypy_venv(Path(base))
    facts = probe(python)
    if facts["implementation"] != "pypy":
        raise EngineError(f"engine {spec.text!r}: {base} is {facts['implementation']}, not PyPy")
    return Engine(spec, python, facts=facts)


def pypy_venv(base: Path) -> Path:
    """A venv of `base` with pyperf, cached by the interpreter's path and version.

    What works with Debian 12's pypy3 7.3.11 (Python 3.9): `pypy3 -m venv` brings
    its own pip; newer pyperf needs Python 3.11, so pip picks the newest that
    supports 3.9 (2.10 here). `--no-deps`: pyperf's psutil dependency has no
    PyPy wheel and would need pypy3-dev to build, and pyperf does not need it on
    Linux (it reads /proc itself).
    """
    version = subprocess.run([str(base), "-c", "import sys; print(sys.version)"],
                             capture_output=True, text=True, check=True).stdout
    key = hashlib.sha256(f"{base.resolve()}\n{version}".encode()).hexdigest()[:12]
    venv = identity.cache_dir() / "engines" / f"pypy-{key}"
    python = venv / "bin" / "python"
    if (venv / ".complete").is_file():
        return python
    shutil.rmtree(venv, ignore_errors=True)
    venv.parent.mkdir(parents=True, exist_ok=True)
    _run([str(base), "-m", "venv", str(venv)], "making the PyPy venv")
    _run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "pyperf"],
         "installing pyperf in the PyPy venv")
    (venv / ".complete").write_text(version)
    return python


def _run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise EngineError(f"{what} failed ({shlex.join(cmd)}):\n{(proc.stdout + proc.stderr)[-3000:]}")


# --- fivefold -----------------------------------------------------------------

def fivefold_selection(spec: EngineSpec):
    """The stage and change overrides of a fivefold spec, checked against the registry."""
    from fivefold import changes as registry

    stage_text = spec.one("stage")
    env = {"FIVEFOLD_STAGE": stage_text or "",
           "FIVEFOLD_WITHOUT": ",".join(spec.get("without", ())),
           "FIVEFOLD_WITH": ",".join(spec.get("with", ()))}
    try:
        selection = registry.Selection.from_environ(env)
    except ValueError as exc:
        raise EngineError(f"engine {spec.text!r}: {exc}") from None
    return selection, env


def load_stage_registrations() -> None:
    """Stage packages register their changes when imported."""
    for stage in (1, 2, 3, 4):
        importlib.import_module(f"fivefold.stage{stage}")


def enabled_changes(spec: EngineSpec):
    from fivefold import changes as registry

    load_stage_registrations()
    selection, env = fivefold_selection(spec)
    try:
        changes = registry.enabled(selection)
    except ValueError as exc:
        raise EngineError(f"engine {spec.text!r}: {exc}") from None
    return selection, env, changes


def build_options(spec: EngineSpec, changes) -> dict[str, str]:
    """Meson options this engine needs: its build-switch changes, plus `build=`."""
    options = {c.build_option: "true" for c in changes if c.switch == "build"}
    for item in spec.get("build", ()):
        name, _, value = item.partition("=")
        options[name] = value or "true"
    return options


def find_launcher(bin_dir: Path | None = None) -> Path | None:
    """The fivefold-python launcher beside `bin_dir`'s python (default: ours), only
    if its module exists (pip makes the script from the entry point even when
    fivefold.runtime.launcher is not written yet)."""
    folder = bin_dir or Path(sys.executable).parent
    launcher = folder / "fivefold-python"
    if not launcher.is_file():
        found = shutil.which("fivefold-python") if bin_dir is None else None
        if not found:
            return None
        launcher = Path(found)
    if bin_dir is None and importlib.util.find_spec("fivefold.runtime.launcher") is None:
        return None
    return launcher


def write_wrapper(spec: EngineSpec, launcher: Path, env: dict[str, str]) -> Path:
    """A tiny executable that sets the change selection and execs the launcher.

    pyperf starts workers with a filtered environment; the wrapper sets
    FIVEFOLD_* itself, so workers run the right changes whatever pyperf passes.
    Cached under <cache>/engines/<spec>-<hash>/python; rewritten when different.
    """
    lines = ["#!/bin/sh", f"# fivefold engine {spec.text}: made by fivefold.harness.engines"]
    for key in sorted(env):
        lines.append(f"export {key}={shlex.quote(env[key])}")
    lines.append(f'exec {shlex.quote(str(launcher))} "$@"')
    text = "\n".join(lines) + "\n"
    key = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = identity.cache_dir() / "engines" / f"{spec.dirname}-{key}" / "python"
    if not (path.is_file() and path.read_text() == text):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text)
        tmp.chmod(0o755)
        os.replace(tmp, path)
    return path


def _resolve_fivefold(spec: EngineSpec) -> Engine:
    selection, env, changes = enabled_changes(spec)
    options = build_options(spec, changes)
    if options:
        venv_python = variants.ensure_variant(options)
        launcher = find_launcher(venv_python.parent)
    else:
        launcher = find_launcher()
    if launcher is None:
        raise EngineNotRunnable(NOT_RUNNABLE)
    wrapper = write_wrapper(spec, launcher, env)
    try:
        facts = probe(wrapper, fivefold=True)
    except EngineError as exc:
        if "fivefold.runtime" in str(exc):  # No module named 'fivefold.runtime[.launcher]'
            raise EngineNotRunnable(f"{NOT_RUNNABLE} ({exc})") from None
        raise
    ids = tuple(sorted(c.id for c in changes))
    reported = tuple(x for x in facts.get("changes", "").split(",") if x)
    if reported != ids:
        raise EngineError(f"engine {spec.text!r}: the engine reports changes {reported}, "
                          f"the harness expected {ids}")
    return Engine(spec, wrapper, stage=selection.stage, changes=ids, build_options=options,
                  env=env, facts=facts)
