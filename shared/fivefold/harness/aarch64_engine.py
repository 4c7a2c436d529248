"""The `fivefold-aarch64` engine: fivefold as arm64 code, run under qemu-aarch64.

Spec: ``fivefold-aarch64[:stage=N,without=ID,...,with=ID,...]``. Its python is
the emulated venv that tools/aarch64/setup.sh made ($FIVEFOLD_ARM64_ROOT,
default /opt/fivefold-arm64); fivefold is cross-built into it with
tools/aarch64/build.sh when it is missing or older than the source tree.

Under emulation wall time measures qemu on this host, not arm64 hardware, so the
only metric this engine accepts is `qemu-instructions` (guest instructions per
loop, from tools/aarch64/insncount.c; see fivefold.harness.aarch64_counter).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from fivefold.harness import identity
from fivefold.harness.aarch64_counter import DEFAULT_ROOT, METRIC, Arm64Setup, Arm64SetupMissing
from fivefold.harness.change_selection import build_options, enabled_changes, write_wrapper
from fivefold.harness.engine_specs import Engine, EngineError, EngineSpec, probe

KIND = "fivefold-aarch64"
# Where the stamp of the source tree the venv's fivefold was built from lives.
STAMP = "venv/.fivefold-source"
# What the package is built from (meson.build's install_subdir/sources).
SOURCE_PARTS = ("shared", "stage1", "stage2", "stage3", "stage4", "model", "reports",
                "meson.build", "meson.options", "pyproject.toml")


def check_metric(kinds: list[str], metric: str) -> None:
    """Refuse a metric that means nothing for some of the engines: wall time (and
    memory, start-up) under emulation, or qemu's count on a host engine."""
    emulated = [k for k in kinds if k == KIND]
    if emulated and metric != METRIC:
        raise EngineError(
            f"metric {metric!r} is meaningless under emulation (qemu's speed, not arm64's): "
            f"engine {KIND} only measures --metric {METRIC}")
    if metric == METRIC and len(emulated) != len(kinds):
        host = sorted({k for k in kinds if k != KIND})
        raise EngineError(f"metric {METRIC} counts emulated arm64 code: only {KIND} engines "
                                  f"have it, not {', '.join(host)} (use --metric instructions)")


def root() -> Path:
    return Path(os.environ.get("FIVEFOLD_ARM64_ROOT") or DEFAULT_ROOT)


def source_stamp(repo: Path) -> str:
    """Changes whenever a source file is edited, added or removed: a hash of the
    paths, sizes and modification times (cheap; a content hash of the whole tree
    on every resolve would not be)."""
    digest = hashlib.sha256()
    for part in SOURCE_PARTS:
        top = repo / part
        paths = sorted(top.rglob("*")) if top.is_dir() else [top] if top.exists() else []
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts:
                st = path.stat()
                digest.update(f"{path.relative_to(repo)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def ensure_built(setup_root: Path) -> None:
    """Run tools/aarch64/build.sh when the venv has no fivefold or an old one.

    Without a source tree (an installed wheel) the venv's fivefold is used as it is.
    """
    repo = identity.repository_root()
    if repo is None or not (repo / "tools" / "aarch64" / "build.sh").is_file():
        return
    stamp_file = setup_root / STAMP
    stamp = source_stamp(Path(repo))
    launcher = setup_root / "venv" / "bin" / "fivefold-python"
    if launcher.is_file() and stamp_file.is_file() and stamp_file.read_text() == stamp:
        return
    env = {**os.environ, "FIVEFOLD_ARM64_ROOT": str(setup_root), "PYTHON": os.environ.get("PYTHON", sys.executable)}
    proc = subprocess.run(["bash", str(Path(repo) / "tools" / "aarch64" / "build.sh")], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise EngineError(f"engine {KIND}: tools/aarch64/build.sh failed:\n"
                                  f"{(proc.stdout + proc.stderr)[-3000:]}")
    stamp_file.write_text(stamp)


def resolve(spec: EngineSpec) -> Engine:
    setup_root = root()
    try:
        setup = Arm64Setup.find(setup_root)
    except Arm64SetupMissing as exc:
        raise EngineError(f"engine {spec.text!r}: no arm64 set-up in {setup_root}: "
                                  f"run tools/aarch64/setup.sh first ({exc})") from None
    selection, env, changes = enabled_changes(spec)
    options = build_options(spec, changes)
    if options:
        # build.sh makes one build; variant builds per option set are not done for arm64.
        raise EngineError(f"engine {spec.text!r}: changes that need a build option "
                                  f"({', '.join(sorted(options))}) are not supported on {KIND}")
    ensure_built(setup.root)
    launcher = setup.root / "venv" / "bin" / "fivefold-python"
    if not launcher.is_file():
        raise EngineError(f"engine {spec.text!r}: {launcher} is missing after the build")
    wrapper = write_wrapper(spec, launcher, env)
    facts = probe(wrapper, fivefold=True)
    if facts.get("arch") != "aarch64":
        raise EngineError(f"engine {spec.text!r}: {wrapper} runs on {facts.get('arch')}, not aarch64")
    ids = tuple(sorted(c.id for c in changes))
    reported = tuple(x for x in facts.get("changes", "").split(",") if x)
    if reported != ids:
        raise EngineError(f"engine {spec.text!r}: the emulated engine reports changes "
                                  f"{reported}, the harness expected {ids} (a stale arm64 build?)")
    return Engine(spec, wrapper, stage=selection.stage, changes=ids, env=env, facts=facts)
