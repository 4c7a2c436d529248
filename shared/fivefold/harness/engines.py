"""Engines: named, reproducible ways to run a Python program.

A spec is ``kind`` or ``kind:key=value,key=value``:

    cpython                          the interpreter running the harness
    cpython:path=/usr/bin/python3.11 another CPython
    pypy                             Debian's pypy3 (or pypy:path=...), in a venv with pyperf
    fivefold:stage=1                 fivefold with the changes of stages 1..1
    fivefold:stage=2,without=s2.a,s2.b,with=s3.c
    fivefold:build=stats             plus a build option (a cached variant build)
    fivefold:stage=2,accelerate=*    the whole program compiled, standard library included
                                     (fivefold run --accelerate-all; or module patterns)
    fivefold-aarch64:stage=0         fivefold as arm64 code under qemu (harness/aarch64_engine.py;
                                     metric qemu-instructions only)

A list value runs on over following items without '=' (``without=a,b``).
Resolving a spec (`resolve`) gives an `Engine`: the executable that pyperf's
``--python`` runs worker processes with, and what the engine is (stage, changes,
options). The spec syntax and `Engine` are engine_specs.py; which changes a
fivefold spec runs and its wrapper script, change_selection.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from fivefold.harness import identity, variants
from fivefold.harness.change_selection import build_options, enabled_changes, write_wrapper
from fivefold.harness.engine_specs import (Engine, EngineError, EngineNotRunnable, EngineSpec,
                                           parse_spec, probe)

NOT_RUNNABLE = "fivefold engine is not runnable yet: no fivefold-python launcher"


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
