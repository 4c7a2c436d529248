"""s2.frames_loop: stage 2's loop alone, every stage-2 change required it.

It changes nothing a program can see: a program runs as under CPython, and
calls still go through CPython's frame machinery (deep recursion under a raised
limit still needs the C stack). Switched on alone it runs; at stage 2 it cannot
be switched off while the changes that need it are on (the registry brings it
back, as s1.quickening for stage 1)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from differential import compare, run_cpython, run_fivefold


def _enabled(**env) -> list[str]:
    out = subprocess.run([sys.executable, "-c", "import fivefold._fivefold as e; print(*e.enabled_changes())"],
                         capture_output=True, text=True, env={**os.environ, **env}, check=True)
    return out.stdout.split()


def test_switched_on_alone_and_required_by_the_others():
    alone = _enabled(FIVEFOLD_STAGE="1", FIVEFOLD_WITH="s2.frames_loop")
    assert "s2.frames_loop" in alone and not [c for c in alone if c.startswith("s2.") and c != "s2.frames_loop"]
    assert "s2.frames_loop" in _enabled(FIVEFOLD_STAGE="2", FIVEFOLD_WITHOUT="s2.frames_loop")
    assert "s2.frames_loop" in _enabled(FIVEFOLD_STAGE="1", FIVEFOLD_WITH="s2.float_reuse")
    assert not [c for c in _enabled(FIVEFOLD_STAGE="1") if c.startswith("s2.")]


def test_the_loop_alone_changes_nothing(tmp_path):
    path = tmp_path / "program.py"
    path.write_text(textwrap.dedent("""
        import sys
        def f(n): return 0 if n == 0 else 1 + f(n - 1)
        def g(): yield from range(3)
        print(f(50), list(g()), [x * 1.5 for x in range(3)], 1 < 2)
        sys.setrecursionlimit(200000)
        try:
            print(f(100000))
        except RecursionError:
            print("RecursionError")
    """))
    env = {"FIVEFOLD_WITH": "s2.frames_loop"}
    alone = run_fivefold(path, [], stage=1, env=env)
    # As stage 1: calls leave the loop, so 100,000 nested calls exhaust the C stack guard.
    assert (alone.exit_code, alone.stdout) == (0, "50 [0, 1, 2] [0.0, 1.5, 3.0] True\nRecursionError\n")
    small = tmp_path / "small.py"
    small.write_text(path.read_text().split("sys.setrecursionlimit")[0])
    assert compare(run_cpython(small, []), run_fivefold(small, [], stage=1, env=env)) is None
