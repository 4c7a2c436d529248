"""Which executable a fivefold process and its children run: the `fivefold-python` launcher.

A program run on fivefold sees `sys.executable` set to the launcher, so that
`subprocess.run([sys.executable, ...])` and pyperf's worker processes start on
fivefold too; the launcher itself needs the real interpreter behind it when it
re-executes one with interpreter options. The launcher this process was started
as is kept here (launcher.py sets it), apart from the launcher's command line,
so that running a program (program.py) and starting one (launcher.py) do not
import each other.
"""

import os
import sys

SCRIPT_NAME = "fivefold-python"

# The launcher this process was started as (set by launcher.main), for adopt_executable.
LAUNCHER: str | None = None


def find_launcher() -> str | None:
    """The fivefold-python script of this installation: next to the interpreter (a venv's
    bin/), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), SCRIPT_NAME)
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    import shutil  # only here: not on the path of a program started from a venv's bin/

    return shutil.which(SCRIPT_NAME)


def adopt_executable() -> None:
    """sys.executable becomes the launcher (when one is installed), so child Python
    processes started from sys.executable run on fivefold too."""
    launcher = LAUNCHER or find_launcher()
    if launcher:
        sys.executable = launcher


def real_python() -> str:
    """The interpreter to re-execute: this one, even after sys.executable became the
    launcher (a venv's bin/python keeps the venv's site-packages)."""
    if os.path.basename(sys.executable) != SCRIPT_NAME and sys.executable != LAUNCHER:
        return sys.executable
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for name in (version, f"python{sys.version_info[0]}", "python"):
        candidate = os.path.join(sys.prefix, "bin", name)
        if os.access(candidate, os.X_OK):
            return candidate
    return sys._base_executable
