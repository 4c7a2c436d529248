"""Syntax errors are CPython's own: same message, line and offset."""

from __future__ import annotations

import pytest

from fivefold.compiler import compile_source

BAD = [
    "x = (1,\n",
    "def f():\n    return\n  x = 1\n",
    "print 'hello'\n",
    "def f():\n    nonlocal y\n",
    "for x in y:\n    pass\nbreak\n",
    "f(**k, *a)\n",
    "x = 1 +\n",
    "class C:\n    return 1\n",
    "a, *b, *c = d\n",
    "def f(x, x): pass\n",
]


@pytest.mark.parametrize("src", BAD)
def test_same_syntax_error_as_cpython(src):
    with pytest.raises(SyntaxError) as theirs:
        compile(src, "bad.py", "exec")
    with pytest.raises(SyntaxError) as ours:
        compile_source(src, "bad.py")
    for attr in ("msg", "lineno", "offset", "end_lineno", "end_offset", "text", "filename"):
        assert getattr(ours.value, attr) == getattr(theirs.value, attr), attr
    assert type(ours.value) is type(theirs.value)
