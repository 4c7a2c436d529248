"""The compiler's instructions and positions against CPython 3.11's own compiler.

`target="cpython"` assembles our instructions into a CPython code object; `dis`
then reads ours and CPython's the same way. This checks code generation
(instruction sequences, positions, exception tables by running) independently
of the VM.
"""

from __future__ import annotations

import contextlib
import io
import textwrap

import pytest

from fivefold.compiler import compile_source

from .oracle import diff
from .snippets import SNIPPETS

# Constructs whose instruction sequence matches CPython's exactly, positions included.
EXACT = ["operators", "displays", "functions", "classes", "control", "exceptions", "with",
         "generators", "scopes", "imports", "match", "async",
         "except_star"]


def run(code) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("name", EXACT)
def test_same_instructions_and_positions_as_cpython(name):
    src = textwrap.dedent(SNIPPETS[name])
    expected = compile(src, f"<{name}>", "exec", dont_inherit=True)
    actual = compile_source(src, f"<{name}>", target="cpython")
    assert diff(expected, actual) == []


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_oracle_code_runs_like_cpython(name):
    src = textwrap.dedent(SNIPPETS[name])
    expected = run(compile(src, f"<{name}>", "exec", dont_inherit=True))
    assert run(compile_source(src, f"<{name}>", target="cpython")) == expected


def test_diff_detects_a_difference():
    a = compile("x = 1\n", "<a>", "exec")
    b = compile_source("x = 2\n", "<a>", target="cpython")
    assert diff(a, b)
