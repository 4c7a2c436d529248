"""Shared pytest setup: make the test helpers (differential.py, random_programs.py) importable
whatever pytest's import mode, and give an editable install its console scripts."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parents[1]


def _install_scripts_for_editable() -> None:
    """`fivefold` and `fivefold-python` are installed by meson (shared/scripts/), and an
    editable install (pip install -e, meson-python) carries no scripts: write them
    next to this interpreter as pip would (the `#!python` line made this one), so the
    tests that start them find them."""
    if "_fivefold_editable_loader" not in sys.modules:
        return
    bin_dir = Path(sys.executable).parent
    for script in sorted((ROOT / "shared" / "scripts").iterdir()):
        target = bin_dir / script.name
        text = script.read_text().replace("#!python\n", f"#!{sys.executable}\n", 1)
        if target.exists() and target.read_text() == text:
            continue
        tmp = target.with_name(f".{script.name}.{os.getpid()}.tmp")
        tmp.write_text(text)
        tmp.chmod(0o755)
        os.replace(tmp, target)


_install_scripts_for_editable()
