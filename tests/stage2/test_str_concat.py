"""s2.str_concat: `s += t` / `s = s + t` append in place to the local stored back.

Programs run under CPython, at stage 2, and with the change off must print the
same (strs held elsewhere, aliases, `s += s`, str subclasses, hashed strs, wider
characters, the superinstructions after the addition, a failing addition); the
switch shows in where the result lives: appended in place, it keeps the local's
address, as under CPython 3.11 (whose BINARY_OP_INPLACE_ADD_UNICODE does the same)."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change, run_cpython, run_fivefold
from members import UNDER_SANITIZERS

PROGRAM = """
    def build(n):
        s = ""
        for i in range(n):
            s += str(i)
            s = s + "-"
        return s
    def held_elsewhere(n):
        s = "x" * 3
        keep = []
        for i in range(n):
            keep.append(s)             # the local's string is referenced by the list too
            s += "y"
        return s, keep
    def alias():
        s = "ab"; t = s
        s += "c"
        return s, t, s is t
    def doubled():
        s = "ab"
        for _ in range(3):
            s += s
        return s
    def other_target():
        s = "ab"; u = ""
        for _ in range(3):
            u = s + "c"                # stored into another local
        return s, u
    class S(str):
        pass
    def subclass():
        s = S("a")
        for _ in range(3):
            s += "b"
        return s, type(s).__name__
    def hashed():
        s = "key" + str(7)
        d = {s: 1}                     # its hash is computed: not resized
        for _ in range(3):
            s += "!"
        return s, d
    def wider():
        s = "a"
        for c in "é€😀x":
            s += c
        return s
    def stores_after(n):
        s = ""
        for i in range(n):
            s += "a"; t = s            # STORE_FAST__STORE_FAST / __LOAD_FAST after the addition
        a, b = s + "x", s
        return s, t, a, b
    g = ""
    def global_target():
        global g
        for _ in range(3):
            g += "z"
    def fails():
        s = "a"
        try:
            s += 1
        except TypeError as e:
            return str(e), s
    def unbound():
        try:
            s = s + "x"
        except UnboundLocalError:
            return "unbound"
    for _ in range(3):
        print(len(build(300)), build(5), held_elsewhere(4), alias(), doubled(), other_target())
        print(subclass(), hashed(), wider(), stores_after(3), global_target(), g, fails(), unbound())
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "strings.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.str_concat", setting)


@pytest.mark.skipif(UNDER_SANITIZERS, reason="ASan's realloc always moves a block: no string grows in place")
def test_switch_the_local_is_extended_in_place(tmp_path):
    # 21 characters become 22 within the same allocation size class, so a string
    # resized in place keeps its address; with the change off the sum is a new
    # string made while the old one lives, at another address.
    path = tmp_path / "inplace.py"
    path.write_text(textwrap.dedent("""
        def grow():
            s = "-".join(["abcdefghij"] * 2)
            before = id(s)
            s += "x"
            return id(s) == before, s
        print([grow() for _ in range(50)][-1])
    """))
    on = run_fivefold(path, [], stage=2)
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.str_concat"})
    assert (on.exit_code, on.stdout) == (0, "(True, 'abcdefghij-abcdefghijx')\n")
    assert (off.exit_code, off.stdout) == (0, "(False, 'abcdefghij-abcdefghijx')\n")
    assert run_cpython(path, []).stdout == "(True, 'abcdefghij-abcdefghijx')\n"
