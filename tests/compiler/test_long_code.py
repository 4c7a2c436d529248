"""Long flat code compiles: deep ASTs from long but valid source (`1+1+...`, an
elif chain, chained method calls, unary minus signs) run as on CPython instead of
dying with RecursionError in the constant folder or the code generator; where
CPython's own compiler refuses the nesting, fivefold raises the same
RecursionError; and a RecursionError while compiling a unit makes that unit
fall back to CPython, never stops the program (issue 16, part 4)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fivefold import _fivefold
from fivefold.compiler import STATS, TOO_DEEP, compile_source, depth

from .oracle import diff
from .test_oracle import run


def long_source(kind: str, n: int) -> str:
    if kind == "sum of constants":
        return "x = " + "+".join(["1"] * n) + "\nprint(x)\n"
    if kind == "sum of names":
        return "a = 1\nx = " + "+".join(["a"] * n) + "\nprint(x)\n"
    if kind == "elif chain":
        branches = "".join(f"    elif x == {i}:\n        return {i}\n" for i in range(1, n))
        return (f"def f(x):\n    if x == 0:\n        return 0\n{branches}"
                f"print(f({n - 1}), f(0), f({n}))\n")
    if kind == "method chain":
        return ("class A:\n    def m(self):\n        return self\n"
                f"print(type(A(){'.m()' * n}).__name__)\n")
    if kind == "minus signs on a constant":
        return "x = " + "-" * n + "1\nprint(x)\n"
    if kind == "minus signs on a name":
        return "a = 7\nx = " + "-" * (n + 1) + "a\nprint(x)\n"
    raise ValueError(kind)


KINDS = ["sum of constants", "sum of names", "elif chain", "method chain",
         "minus signs on a constant", "minus signs on a name"]
# 400 and 1,000: what the issue reported failing; 2,500 is still accepted by
# CPython for most kinds here (its limit is about three times the recursion limit).
SIZES = [400, 1000, 2500]


def cpython_result(src: str):
    """("ok", output) or ("error", exception type) from CPython itself."""
    try:
        code = compile(src, "<long>", "exec", dont_inherit=True)
    except RecursionError:
        return "error", RecursionError
    return "ok", run(code)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_long_flat_code_runs_as_on_cpython(kind, n):
    src = long_source(kind, n)
    expected = cpython_result(src)
    STATS.reset()
    if expected[0] == "error":
        with pytest.raises(RecursionError):
            compile_source(src, "<long>")
        return
    code = compile_source(src, "<long>")
    assert run(code) == expected[1]
    # Compiled natively, nothing fell back.
    assert code.co_flags & _fivefold.CO_FIVEFOLD
    assert dict(STATS.reasons()) == {}


@pytest.mark.parametrize("kind", KINDS)
def test_five_thousand_deep_fails_like_cpython(kind):
    """CPython 3.11 refuses 5,000 levels (RecursionError during compilation):
    fivefold raises the same, it does not crash."""
    src = long_source(kind, 5000)
    assert cpython_result(src) == ("error", RecursionError)
    with pytest.raises(RecursionError):
        compile_source(src, "<long>")


@pytest.mark.parametrize("kind", ["sum of constants", "minus signs on a constant",
                                  "elif chain"])
def test_long_code_folds_and_compiles_exactly_as_cpython(kind):
    src = long_source(kind, 1000)
    expected = compile(src, "<long>", "exec", dont_inherit=True)
    assert diff(expected, compile_source(src, "<long>", target="cpython")) == []


def test_recursion_limit_is_restored():
    before = sys.getrecursionlimit()
    compile_source(long_source("method chain", 1000), "<long>")
    assert sys.getrecursionlimit() == before


@pytest.fixture
def no_room(monkeypatch):
    """A frame per level of nesting: enough for the scope walk, too little for the
    code generator, so deep code raises RecursionError in it: the path a C stack
    too small for the nesting takes."""
    monkeypatch.setattr(depth, "FRAMES_PER_LEVEL", 1)


def test_recursion_error_in_a_function_falls_back_for_that_function(no_room):
    src = ("def plain(a):\n    return a * 2\n"
           "def deep(a):\n    return " + "+".join(["a"] * 1500) + "\n"
           "print(plain(3), deep(2))\n")
    expected = run(compile(src, "<long>", "exec", dont_inherit=True))
    STATS.reset()
    code = compile_source(src, "<long>")
    assert dict(STATS.reasons()) == {TOO_DEEP: 1}
    assert [(f.qualname, f.lineno) for f in STATS.fallbacks] == [("deep", 3)]
    assert code.co_flags & _fivefold.CO_FIVEFOLD
    ns = {"__name__": "__main__"}
    assert run(code) == expected == "6 3000\n"
    exec(code, ns)
    assert ns["plain"].__code__.co_flags & _fivefold.CO_FIVEFOLD
    assert not ns["deep"].__code__.co_flags & _fivefold.CO_FIVEFOLD


def test_recursion_error_in_module_code_falls_back_for_the_module(no_room):
    src = "a = 2\nprint(" + "+".join(["a"] * 1500) + ")\n"
    STATS.reset()
    code = compile_source(src, "<long>")
    assert dict(STATS.reasons()) == {TOO_DEEP: 1}
    assert not code.co_flags & _fivefold.CO_FIVEFOLD
    assert run(code) == "3000\n"


def _fivefold_run(tmp_path, *args):
    return subprocess.run([sys.executable, "-m", "fivefold", "run", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


def test_fivefold_run_and_import_of_long_code(tmp_path):
    """A program and a module it imports, each with 2,900 levels (as deep as a
    plain `python prog.py` accepts), run; 5,000 levels fail as CPython's do: one
    line, status 1."""
    (tmp_path / "deep.py").write_text(long_source("elif chain", 2900))
    (tmp_path / "prog.py").write_text("import deep\n" + long_source("sum of names", 2900))
    ours = _fivefold_run(tmp_path, "--stats", "prog.py")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.startswith("2899 0 None\n2900\n")
    assert "0 fell back to CPython" in ours.stdout + ours.stderr
    (tmp_path / "big.py").write_text(long_source("sum of names", 5000))
    theirs = subprocess.run([sys.executable, "big.py"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300)
    ours = _fivefold_run(tmp_path, "big.py")
    assert (ours.returncode, ours.stdout, ours.stderr) == \
        (theirs.returncode, theirs.stdout, theirs.stderr) == \
        (1, "", "RecursionError: maximum recursion depth exceeded during compilation\n")
