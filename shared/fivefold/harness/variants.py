"""Build variants of the engine for build-switch changes (meson options).

A variant is a venv holding fivefold built with some meson options, cached under
<cache>/variants/<key>/ where key = hash(sorted options, hash of the sources, the
interpreter that makes the venv), so a change to any source, option set or
interpreter builds a new one and an old one is reused as long as nothing changed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from fivefold.harness import identity

# What goes into the built package: C and meson sources and the Python they ship with.
SOURCE_DIRS = ("shared", "stage1", "stage2", "stage3", "stage4", "model", "reports")
SOURCE_FILES = ("meson.build", "meson.options", "pyproject.toml")
SOURCE_SUFFIXES = {".c", ".h", ".py", ".build", ".options", ".toml", ".txt", ".def"}


class VariantError(Exception):
    pass


def source_hash(root: Path) -> str:
    """sha256 over the relative names and contents of every source file."""
    digest = hashlib.sha256()
    files = [root / name for name in SOURCE_FILES if (root / name).is_file()]
    for folder in SOURCE_DIRS:
        files += [p for p in (root / folder).rglob("*")
                  if p.is_file() and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts]
    for path in sorted(files):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def variant_key(options: dict[str, str], sources: str) -> str:
    """The options, the sources and the interpreter the venv is made from (its
    path and platform: a variant built by one interpreter, say the host's, is
    not one another, say an emulated AArch64 one, can run)."""
    canonical = json.dumps({"options": sorted(options.items()), "sources": sources,
                            "python": sys.executable, "platform": sysconfig.get_platform()})
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def setup_args(options: dict[str, str]) -> list[str]:
    return [f"-Csetup-args=-D{name}={value}" for name, value in sorted(options.items())]


def variant_dir(key: str) -> Path:
    return identity.cache_dir() / "variants" / key


def ensure_variant(options: dict[str, str], root: Path | None = None, log=None) -> Path:
    """The python of a venv with fivefold built with `options`; built once per key."""
    root = root or identity.repository_root()
    if root is None:
        raise VariantError("building a variant needs the fivefold source tree "
                           "(run from the repository or an editable install)")
    key = variant_key(options, source_hash(root))
    folder = variant_dir(key)
    python = folder / "venv" / "bin" / "python"
    if (folder / "complete.json").is_file():
        return python
    # A venv is not relocatable, so it is built in place; the marker file written
    # last says it is complete, and an incomplete one is rebuilt from scratch.
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    _run([sys.executable, "-m", "venv", str(folder / "venv")], folder)
    # The variant shares this environment's dependencies (pyperf, pandas, ...)
    # through a .pth line after its own site-packages, so only fivefold itself is
    # built: fast, and no download. Its own fivefold comes first on sys.path.
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    parent = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "fivefold-parent-env.pth").write_text("\n".join(sorted(parent)) + "\n")
    cmd = [str(python), "-m", "pip", "install", "--no-deps", *setup_args(options)]
    if _has_build_backend():
        cmd.append("--no-build-isolation")
    _run(cmd + [str(root)], folder)
    (folder / "complete.json").write_text(json.dumps({"options": options, "root": str(root)}))
    return python


def _has_build_backend() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("mesonpy", "mesonbuild"))


def _run(cmd: list[str], folder: Path) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    (folder / "build.log").open("a").write(f"$ {' '.join(cmd)}\n{proc.stdout}{proc.stderr}\n")
    if proc.returncode != 0:
        raise VariantError(f"building variant in {folder} failed: {' '.join(cmd)}\n"
                           f"{(proc.stdout + proc.stderr)[-3000:]}")
