"""`fivefold venv DIR`: a virtual environment whose `python` runs programs on fivefold.

    fivefold venv [--without-pip] [--clear] [--accelerate-all] DIR

The environment is made by the standard library's `venv` (with pip, from
ensurepip's bundled wheel: no network). Then:

- `DIR/bin/python`, `python3` and `fivefold-python` become the fivefold launcher
  (launcher.py, the `fivefold-python` console script with DIR's real interpreter
  in its `#!` line): `DIR/bin/python prog.py`, `-m pytest`, `-c CODE` run on
  fivefold, and since `sys.executable` is `DIR/bin/python`, so do the child
  processes a program starts and the scripts pip installs (their `#!` line is
  `DIR/bin/python`; pip's own `DIR/bin/pip` too, rewritten from ensurepip's);
- `DIR/bin/python3.X` stays the plain interpreter: the launcher runs on it, and
  re-executes it to apply interpreter options (-O, -X ...);
- fivefold is imported from the environment that created DIR: a file
  `_fivefold_base.pth` in DIR's site-packages adds that environment's
  site-packages with `site.addsitedir` (so its own .pth files, an editable
  install's loader included, work). DIR's own site-packages come first on
  sys.path: what `DIR/bin/pip install` puts there wins over the creator's
  packages, which stay visible (like --system-site-packages, relative to the
  creating environment rather than the base interpreter);
- with --accelerate-all the launcher sets FIVEFOLD_ACCELERATE=* unless the
  environment already sets FIVEFOLD_ACCELERATE.
"""

from __future__ import annotations

import os
import sys

LAUNCHER = """#!{real}
# fivefold venv: this python runs programs on fivefold (fivefold/runtime/venv_command.py);
# {version} beside it is the plain interpreter.
import os
import sys
{accelerate}
from fivefold.runtime import executable

executable.LAUNCHER = os.path.abspath(sys.argv[0])
from fivefold.runtime.launcher import main

sys.exit(main())
"""


def create(directory: str, with_pip: bool = True, clear: bool = False,
           accelerate_all: bool = False) -> int:
    import site
    import venv

    directory = os.path.abspath(directory)
    venv.EnvBuilder(with_pip=with_pip, clear=clear, symlinks=os.name != "nt").create(directory)
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    bin_dir = os.path.join(directory, "bin")
    site_packages = os.path.join(directory, "lib", version, "site-packages")
    here = [d for d in site.getsitepackages() if os.path.isdir(d)]
    with open(os.path.join(site_packages, "_fivefold_base.pth"), "w") as f:
        f.write("# the site-packages of the environment that made this one: fivefold is there\n")
        f.writelines(f"import site; site.addsitedir({d!r})\n" for d in here)
    accelerate = ('os.environ.setdefault("FIVEFOLD_ACCELERATE", "*")'
                  if accelerate_all else "")
    text = LAUNCHER.format(real=os.path.join(bin_dir, version), version=version,
                           accelerate=accelerate)
    for name in ("python", "python3", "fivefold-python"):
        path = os.path.join(bin_dir, name)
        if os.path.lexists(path):
            os.remove(path)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, 0o755)
    _point_scripts_at(bin_dir, os.path.join(bin_dir, version), os.path.join(bin_dir, "python"))
    print(f"fivefold: made {directory}: bin/python runs on fivefold, bin/{version} is "
          f"the plain interpreter")
    return 0


def _point_scripts_at(bin_dir: str, real: str, python: str) -> None:
    """ensurepip wrote pip's scripts with the real interpreter in their `#!` line:
    they get DIR/bin/python instead, so pip runs on fivefold (and, its sys.executable
    being DIR/bin/python, writes that into the scripts it installs)."""
    old = f"#!{real}\n".encode()
    for name in os.listdir(bin_dir):
        path = os.path.join(bin_dir, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if data.startswith(old) and name not in ("python", "python3", "fivefold-python"):
            with open(path, "wb") as f:
                f.write(f"#!{python}\n".encode() + data[len(old):])
