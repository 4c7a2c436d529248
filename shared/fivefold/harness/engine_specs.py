"""Engine specs and resolved engines, whatever the kind.

A spec is ``kind`` or ``kind:key=value,key=value`` (the kinds and their keys:
engines.py); a list value runs on over following items without '='
(``without=a,b``). Resolving a spec (engines.resolve) gives an `Engine`: the
executable that pyperf's ``--python`` runs worker processes with, and what the
engine is (stage, changes, options, and the facts `probe` asks it for).
"""

from __future__ import annotations

import json
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from fivefold.harness.store import safe_name

KINDS = ("cpython", "pypy", "fivefold", "fivefold-aarch64")
_LIST_KEYS = {"without", "with", "build", "accelerate"}
_KEYS = {"cpython": {"path"}, "pypy": {"path"},
         "fivefold": {"stage", "without", "with", "build", "accelerate"},
         "fivefold-aarch64": {"stage", "without", "with"}}

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
    def accelerate(self) -> tuple[str, ...]:
        """Module patterns compiled besides the program (`*`: everything)."""
        return tuple(self.spec.get("accelerate", ()))

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
            "fivefold_accelerate": ",".join(self.accelerate),
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
