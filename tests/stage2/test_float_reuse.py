"""s2.float_reuse: float +, -, * write into an operand only the stack refers to.

The results, identities and reference semantics are CPython's (a float held by
a variable is never written); the switch shows in which object a result is.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change, run_cpython, run_fivefold

PROGRAM = """
    a = 1.5
    b = a * 1.0            # a new float: a itself is held by the variable
    c = (a + 2.0) * 3.0    # the temporary (a + 2.0) may become the result
    d = a
    d *= 2.0               # rebinds d; a keeps its value
    lst = [a * 2.0, a + b, (a - b) * 4.0]
    def chain(x, n):
        acc = 0.0
        for i in range(n):
            acc = acc + x * x - (x - 0.5) * 2.0
        return acc
    for _ in range(3):
        print(a, b, c, d, lst, a is b, d is a, chain(0.75, 50))
    print(float("nan") * 0.0 != float("nan") * 0.0, 1e308 * 10.0, -0.0 * 1.0)
    class F(float):
        pass
    print(F(2.0) * 3.0, type(F(2.0) * 3.0).__name__)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "floats.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.float_reuse", setting)


def test_switch_the_temporary_becomes_the_result(tmp_path):
    # CPython's float free list is last-in, first-out: a float freed just before
    # gives its address to the next one made. So the temporary (x + 1.0) takes
    # the address `t` had; with the change on the product is written into that
    # temporary, with it off the product is a float made while the temporary
    # still lives, at another address (as under CPython).
    path = tmp_path / "temporary.py"
    path.write_text(textwrap.dedent("""
        def f(x):
            t = x + 1.0
            tid = id(t)
            del t
            r = (x + 1.0) * 3.0
            return id(r) == tid, r
        print([f(2.0) for _ in range(4)][-1])
    """))
    on = run_fivefold(path, [], stage=2)
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.float_reuse"})
    assert (on.exit_code, on.stdout) == (0, "(True, 9.0)\n")
    assert (off.exit_code, off.stdout) == (0, "(False, 9.0)\n")
    assert run_cpython(path, []).stdout == "(False, 9.0)\n"
