"""s2.compare_branch: a comparison followed by a conditional jump does the jump.

The change is off by default (it measured a loss in instructions:
stage2/README.md); it is switched on here with FIVEFOLD_WITH. Programs run under
CPython, at stage 2 with the change on, and with it off must print the same; the
switch shows in the quickened code: with the change on the jump after a
specialized comparison is never dispatched, so it is never specialized."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold

PROGRAM = """
    import sys
    def f(n):
        c = i = 0
        while i < n:                      # forward and backward jumps
            if i % 3 == 0: c += 1
            if 2.5 < i * 0.5: c += 2      # floats
            s = "a" if i & 1 else "b"
            if s == "a": c += 3           # strs, == and !=
            if s != "b": c -= 1
            if not (i >= 5): c += 10      # jump on true
            i += 1
        return c
    for _ in range(3):
        print(f(100), f(0), f(7))
    def g(x, y):
        return 1 if x < y else 2
    big = 10 ** 20                        # not compact: the bool path
    print([g(a, b) for a in (1, 2.5, big, -big) for b in (2, 2.5, big)])
    print([g(a, b) for a in ("a", "b") for b in ("a", "b")])
    nan = float("nan")
    print([1 if nan < x else 0 for x in (1.0, nan)], [1 if nan != nan else 0 for _ in range(3)])
    def countdown():
        n = 300000
        while n > 0:                      # a hot backward jump: signals are checked
            n -= 1
        return n
    print(countdown())
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "compares.py"
    path.write_text(textwrap.dedent(PROGRAM))
    env = {"FIVEFOLD_WITH": "s2.compare_branch"} if setting == "on" else None
    diff = compare(run_cpython(path, []), run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


def test_switch_the_jump_is_not_dispatched(tmp_path):
    path = tmp_path / "loop.py"
    path.write_text(textwrap.dedent("""
        def f(n):
            c = 0
            for i in range(n):
                if i < 50:
                    c += 1
            return c
        print(f(100))
    """))

    def jump_after_compare(env):
        out = run_fivefold(path, [], stage=2, env=env)
        assert out.exit_code == 0, out.stderr
        dis = subprocess.run([sys.executable, "-m", "fivefold", "dis", "--adaptive", str(path)],
                             capture_output=True, text=True, cwd=path.parent,
                             env={**os.environ, "FIVEFOLD_STAGE": "2", **(env or {})})
        lines = dis.stdout.splitlines()
        at = next(i for i, line in enumerate(lines) if "COMPARE_OP_INT" in line)
        return lines[at + 1].split()[1]

    assert jump_after_compare({"FIVEFOLD_WITH": "s2.compare_branch"}) == "POP_JUMP_FORWARD_IF_FALSE"
    assert jump_after_compare(None) == "POP_JUMP_FORWARD_IF_FALSE_BOOL"
