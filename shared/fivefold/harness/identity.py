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


def installed_sources_hash() -> str:
    """10 hex digits of a hash over the installed package's files (its Python
    sources and the compiled extension), in path order."""
    import fivefold

    package = Path(fivefold.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".so", ".def", ".toml") and path.is_file() \
                and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def _installed_name() -> str:
    from fivefold import __version__

    return f"v{slug(__version__)}-src{installed_sources_hash()}"


# What a source hash covers: the engine's Python (compiler, runtime, stages'
# registries), its instruction definitions and, in a source tree, its C.
_SOURCE_SUFFIXES = (".py", ".so", ".def", ".toml", ".c", ".h")


@lru_cache(maxsize=None)
def source_hash() -> str:
    """12 hex digits of a hash of the engine's sources as this process sees
    them: the installed package's files (following the stage links of a source
    tree) and, in a source tree, the C of shared/vm. Filed with every result
    beside fivefold's version (`fivefold_version`, `fivefold_source`), so a
    result says which engine made it whatever its commit folder is called."""
    import fivefold

    package = Path(fivefold.__file__).resolve().parent
    roots = [("", package)]
    root = repository_root()
    if root is not None and (root / "shared" / "vm").is_dir():
        roots.append(("vm/", root / "shared" / "vm"))
    digest = hashlib.sha256()
    for prefix, base in roots:
        found = []
        for folder, dirs, names in os.walk(base, followlinks=True):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            found += [Path(folder) / n for n in names if n.endswith(_SOURCE_SUFFIXES)]
        for path in sorted(found):
            digest.update((prefix + str(path.relative_to(base))).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def version() -> str:
    from fivefold import __version__

    return __version__


@lru_cache(maxsize=None)
def commit() -> str:
    """What was measured: 12 hex digits of the source tree's HEAD, with
    '-dirty-' and a hash of the uncommitted changes when there are any (results
    of two different edits are never taken for one another); for an installed
    fivefold with no source tree, 'v<version>-src<hash of its files>', so that
    results of another release or build are never reused after an upgrade.

    FIVEFOLD_COMMIT overrides it (CI, or results filed under a release name).
    """
    override = os.environ.get("FIVEFOLD_COMMIT")
    if override:
        return slug(override)
    root = repository_root()
    if root is None:
        return _installed_name()
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()[:12]
        diff = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=root,
                              capture_output=True, check=True).stdout
        untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"],
                                   cwd=root, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return _installed_name()  # a source tree without git (an unpacked sdist)
    if not diff and not untracked:
        return head
    digest = hashlib.sha256(diff)
    for name in sorted(n for n in untracked.split(b"\0") if n):
        digest.update(name + b"\0")
        try:
            digest.update((root / os.fsdecode(name)).read_bytes())
        except OSError:
            pass
    return f"{head}-dirty-{digest.hexdigest()[:8]}"


def cache_dir() -> Path:
    """~/.cache/fivefold (FIVEFOLD_CACHE or XDG_CACHE_HOME move it)."""
    override = os.environ.get("FIVEFOLD_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fivefold"
