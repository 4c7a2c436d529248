"""Compiled with fivefold, run on fivefold's VM: same output as CPython, per construct."""

from __future__ import annotations

import textwrap

import pytest

from fivefold import _fivefold
from fivefold.compiler import compile_source

from .snippets import SNIPPETS
from .test_oracle import run


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_runs_like_cpython(name):
    src = textwrap.dedent(SNIPPETS[name])
    expected = run(compile(src, f"<{name}>", "exec", dont_inherit=True))
    assert run(compile_source(src, f"<{name}>")) == expected


def test_every_function_is_fivefold_code():
    ns = {}
    exec(compile_source("def f(x):\n    return [y for y in x]\nclass C:\n    def m(self): pass\n",
                        "<t>"), ns)
    for code in (ns["f"].__code__, ns["C"].m.__code__):
        assert code.co_flags & _fivefold.CO_FIVEFOLD
        assert _fivefold.code_of(code).shadow is code


def test_shadow_code_matches_cpython_metadata():
    src = "def f(a, b=1, /, c=2, *args, d, **kw):\n    def g(): return a\n    yield g\n"
    ours, theirs = {}, {}
    exec(compile_source(src, "<t>"), ours)
    exec(compile(src, "<t>", "exec"), theirs)
    for attr in ("co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals",
                 "co_varnames", "co_cellvars", "co_freevars", "co_name", "co_qualname",
                 "co_firstlineno", "co_filename"):
        assert getattr(ours["f"].__code__, attr) == getattr(theirs["f"].__code__, attr), attr
    mask = 0xFFFF  # CO_OPTIMIZED..CO_GENERATOR etc.; CO_FIVEFOLD is extra
    assert ours["f"].__code__.co_flags & mask == theirs["f"].__code__.co_flags & mask


TRACEBACK_CASES = [
    "def f(d):\n    return d['a']['b'] + 1\nf({'a': {}})\n",
    "x = None\ny = 1 + (x.attr * 2)\n",
    "def g(a, b):\n    return a / b\nvalues = [g(1, 1), g(2, 0)]\n",
    "import math\nr = [math.sqrt(v) for v in (4, -1)]\n",
    "class A:\n    def m(self):\n        return self.missing()\nA().m()\n",
]


@pytest.mark.parametrize("src", TRACEBACK_CASES)
def test_traceback_positions_match_cpython(src):
    import linecache
    import traceback

    filename = f"<tb{TRACEBACK_CASES.index(src)}>"
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)

    def tb_text(code):
        try:
            exec(code, {"__name__": "__main__"})
        except Exception as e:  # noqa: BLE001
            return traceback.format_exception(e)[2:]  # drop the test's own frame
        raise AssertionError("no exception")
    expected = tb_text(compile(src, filename, "exec"))
    assert "^" in "".join(expected)  # the comparison covers caret lines
    assert tb_text(compile_source(src, filename)) == expected
