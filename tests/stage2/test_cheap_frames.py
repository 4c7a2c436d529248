"""s2.cheap_frames: the recursion level of frames pushed in stage 2's loop is
counted inline, and a returning frame with nothing that outlives it is popped
inline.

Nothing a program sees may change: each program runs under CPython, at stage 2,
and at stage 2 with the change off, and all three must print the same -- the
depth at which RecursionError strikes under default, raised and lowered limits
(in methods, a thread, and a finalizer run while a frame is popped, which runs
one level deeper, as CPython's), frames kept by sys._getframe() and locals()
(popped the general way), tracebacks and f_back chains. 100,000 nested calls
under a raised limit still work."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAMS = {
    "recursion_limits": (CORPUS / "recursion_limits.py").read_text(),
    "recursion_depths": (CORPUS / "recursion_depths.py").read_text(),
    "frames_and_tracebacks": (CORPUS / "frames_and_tracebacks.py").read_text(),
    "generators": (CORPUS / "generator_resumption.py").read_text(),
    "exact_args": (CORPUS / "exact_args.py").read_text(),
    "deep_under_raised_limit": """
        import sys
        sys.setrecursionlimit(200000)
        def down(n): return 0 if n == 0 else 1 + down(n - 1)
        print(down(100000))
        sys.setrecursionlimit(100500)
        def depth(n):
            try:
                return depth(n + 1)
            except RecursionError:
                return n
        print(depth(0))
    """,
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s2.cheap_frames", setting)
