"""The fivefold part of an engine spec: which changes run, which build options
they need, and the wrapper script that sets the selection for every process.

Used by both fivefold engine kinds: `fivefold` (engines.py) and
`fivefold-aarch64` (aarch64_engine.py).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shlex
import tempfile
from pathlib import Path

from fivefold.harness import identity
from fivefold.harness.engine_specs import EngineError, EngineSpec


def fivefold_selection(spec: EngineSpec):
    """The stage and change overrides of a fivefold spec, checked against the registry."""
    from fivefold import changes as registry

    stage_text = spec.one("stage")
    env = {"FIVEFOLD_STAGE": stage_text or "",
           "FIVEFOLD_WITHOUT": ",".join(spec.get("without", ())),
           "FIVEFOLD_WITH": ",".join(spec.get("with", ()))}
    if spec.get("accelerate"):
        # Modules the launcher compiles too (`*`: the whole program, standard
        # library included): fivefold run --accelerate's patterns.
        env["FIVEFOLD_ACCELERATE"] = ",".join(spec.get("accelerate"))
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


def write_wrapper(spec: EngineSpec, launcher: Path, env: dict[str, str]) -> Path:
    """A tiny executable that sets the change selection and execs the launcher.

    pyperf starts workers with a filtered environment; the wrapper sets
    FIVEFOLD_* itself, so workers run the right changes whatever pyperf passes.
    Cached under <cache>/engines/<spec>-<hash>/python; rewritten when different.
    Beside it, `fivefold` does the same for the `fivefold` command installed with
    the launcher (the startup metric's `fivefold run -c pass`).
    """
    head = ["#!/bin/sh",
            f"# fivefold engine {spec.text}: made by fivefold.harness.change_selection"]
    for key in sorted(env):
        head.append(f"export {key}={shlex.quote(env[key])}")
    text = "\n".join([*head, f'exec {shlex.quote(str(launcher))} "$@"']) + "\n"
    command = launcher.parent / "fivefold"
    command_text = "\n".join([*head, f'exec {shlex.quote(str(command))} "$@"']) + "\n"
    key = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = identity.cache_dir() / "engines" / f"{spec.dirname}-{key}" / "python"
    _write_executable(path, text)
    _write_executable(path.parent / "fivefold", command_text)
    return path


def _write_executable(path: Path, text: str) -> None:
    if path.is_file() and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    # A temporary name of its own: two processes sharing the cache (a local
    # cluster's workers resolving one engine at once) must not rename each
    # other's half-written file into place, or lose it to the other's rename.
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.chmod(tmp, 0o755)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
