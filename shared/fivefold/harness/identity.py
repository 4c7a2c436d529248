"""Who measured: the machine, the fivefold commit, where caches live.

These strings name folders of the results store (docs/results-store.md), so they
must be stable across runs on one machine and one commit.
"""

from __future__ import annotations

import hashlib
import os
import platform
import re
import socket
import subprocess
from functools import lru_cache
from pathlib import Path


def cpu_model() -> str:
    """The CPU model string as /proc/cpuinfo gives it ('unknown' elsewhere)."""
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return platform.processor() or "unknown"
    for line in text.splitlines():
        # x86 says 'model name'; some AArch64 kernels only give 'CPU part'.
        key, _, value = line.partition(":")
        if key.strip() in ("model name", "Hardware", "Processor"):
            return value.strip()
    return platform.processor() or "unknown"


def arch() -> str:
    return platform.machine()


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "unknown"


def machine_slug() -> str:
    """hostname + architecture + a hash of the CPU model, e.g. host-x86_64-3f2a9c1e."""
    override = os.environ.get("FIVEFOLD_MACHINE")
    if override:
        return slug(override)
    cpu_hash = hashlib.sha256(cpu_model().encode()).hexdigest()[:8]
    return f"{slug(socket.gethostname())}-{arch()}-{cpu_hash}"


def repository_root() -> Path | None:
    """The fivefold source tree (an editable install lives in it), else the
    current folder when it is one, else None (an installed wheel has none)."""
    import fivefold

    candidates = [Path(fivefold.__file__).resolve().parent.parent, Path.cwd()]
    for path in candidates:
        for folder in (path, *path.parents):
            if (folder / "meson.build").is_file() \
                    and (folder / "shared" / "fivefold" / "changes.py").is_file():
                return folder
    return None


@lru_cache(maxsize=None)
def commit() -> str:
    """12 hex digits of the source tree's HEAD, '-dirty' when it has changes.

    FIVEFOLD_COMMIT overrides it (CI, or results made from an installed wheel);
    'unknown' when there is no git tree to ask.
    """
    override = os.environ.get("FIVEFOLD_COMMIT")
    if override:
        return slug(override)
    root = repository_root()
    if root is None:
        return "unknown"
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()[:12]
        status = subprocess.run(["git", "status", "--porcelain"], cwd=root,
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if status.strip() else "")


def cache_dir() -> Path:
    """~/.cache/fivefold (FIVEFOLD_CACHE or XDG_CACHE_HOME move it)."""
    override = os.environ.get("FIVEFOLD_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fivefold"
