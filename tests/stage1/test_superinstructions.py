"""s1.superinstructions: pairs quickened into one instruction, with the second
half's errors reported at the second instruction, as CPython reports them."""

from __future__ import annotations

import subprocess
import sys

import pytest
from adaptive import STAGE1_ON, load, opnames, run_fivefold

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def f(a, b):
    c = a + b
    d = c * 2
    x, y = a, b
    return a + b + c + d + x + y
def h(a):
    return 3 + a * 2
def k(a):
    return a * 2
"""


def test_pairs_are_quickened_at_creation():
    ns = load(SOURCE)
    f, h = ns["f"], ns["h"]
    names = opnames(f)
    for super_ in ("LOAD_FAST__LOAD_FAST", "STORE_FAST__LOAD_FAST", "STORE_FAST__STORE_FAST"):
        assert super_ in names, names
    assert opnames(h)[1:3] == ["LOAD_CONST__LOAD_FAST", "LOAD_FAST"]
    assert f(1, 2) == 1 + 2 + 3 + 6 + 1 + 2
    assert h(5) == 13
    assert opnames(ns["k"])[1:3] == ["LOAD_FAST__LOAD_CONST", "LOAD_CONST"]
    assert ns["k"](4) == 8


PROGRAM = """
import sys
def f(flag):
    if flag:
        late = 1
    return (1,
            flag,
            late)
for i in range(5):
    f(True)
class Noisy:
    def __del__(self):
        print("del at line", sys._getframe(1).f_lineno)
def g():
    a = Noisy()
    a, b = 1, 2
    return a + b
g()
f(False)
"""


def test_errors_and_del_in_the_second_half_match_cpython(tmp_path):
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    expected = subprocess.run([sys.executable, str(program)], capture_output=True, text=True)
    got = run_fivefold(["run", str(program)])
    assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout,
                                                        expected.stderr)
    assert "UnboundLocalError" in got.stderr


def test_switched_off_there_are_none(tmp_path):
    program = tmp_path / "prog.py"
    program.write_text(SOURCE + "print(f(1, 2))\n")
    proc = run_fivefold(["dis", "--adaptive", str(program)], FIVEFOLD_WITHOUT="s1.superinstructions")
    assert proc.returncode == 0, proc.stderr
    assert "__" not in proc.stdout.replace("__main__", "")
    on = run_fivefold(["dis", "--adaptive", str(program)])
    assert "LOAD_FAST__LOAD_FAST" in on.stdout
