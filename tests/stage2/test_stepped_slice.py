"""s2.stepped_slice: `x[a:b:c]` on an exact list, tuple or str without a slice object.

Programs run under CPython, at stage 2, and with the change off must print the
same over a grid of steps (None, +-1, +-2, +-3, one-digit extremes, more than
one digit, huge, 0, bools, int subclasses, __index__ objects) and bounds (None,
in range, negative, beyond the length on either side, bools, __index__
objects, big ints) on lists, tuples and strs (ASCII, Latin-1, BMP, astral, a
wide str whose stepped items are all ASCII, empty), their subclasses and other
sequences (bytes, bytearray, range, a class with __getitem__); the identities
and types CPython gives (a step of 1 over the whole of an exact tuple or str
is itself, empty results the singletons, a stepped one-character str a new
object, a list always new, the new list's size), the zero step's ValueError
and other errors caught in the same function and uncaught (the traceback's
lines and carets), the line a finalizer run by the subscript sees, reference
counts, and fannkuch's flip `perm[:k + 1] = perm[k::-1]`. The switch shows in
the BINARY_SUBSCR after the BUILD_SLICE: with the change on it never runs for
the slices the change takes, so its adaptive counter stays as quickening left
it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from differential import compare, run_cpython, run_fivefold

PROGRAM = """
    import sys

    class I(int): pass
    class Index:
        def __init__(self, v): self.v = v
        def __index__(self): return self.v
        def __repr__(self): return f"Index({self.v})"
    class BadIndex:
        def __index__(self): raise RuntimeError("no index")
    class L(list): pass
    class LG(list):
        def __getitem__(self, k): return ("LG", k)
    class T(tuple): pass
    class S(str): pass
    class G:
        def __getitem__(self, k): return ("G", k.start, k.stop, k.step)

    STEPS = [None, 1, -1, 2, -2, 3, -3, 7, -7, 2**30 - 1, -(2**30 - 1), 2**30, -2**30, 2**62, -2**62,
             2**100, -2**100, 0, True, False, I(2), I(-1), Index(2), Index(-3)]
    BOUNDS = [None, 0, 1, 2, 3, 5, 9, 100, -1, -2, -3, -5, -9, -100, 2**30 - 1, -(2**30 - 1), 2**30,
              -2**30, 2**100, -2**100, True, False, I(1), Index(2), Index(-1)]
    CONTAINERS = [[10, 20, 30, 40, 50], (10, 20, 30, 40, 50), "abcde", [], (), "", [1], (1,), "z",
                  "h\\xe9llo w\\xf6rld", "\\u20acx\\u20acy\\u20acz", "a\\U0001f600b\\U0001f601c",
                  "a\\u20acb\\u20acc\\u20ac", list(range(11)), tuple("abcdefghijk")]

    def sl(x, a, b, c):
        return x[a:b:c]
    def sl_rev(x):
        return x[::-1]
    def sl_from(x, a):
        return x[a::-1]
    def sl_consts(x):
        return x[::2], x[1::2], x[::-2], x[-1:0:-1], x[3:0:-1], x[0:3:1], x[::1], x[5::-1], x[:2:-1]

    def show(f, *args):
        try:
            r = f(*args)
            return f"{type(r).__name__}:{r!r}"
        except Exception as e:
            return f"{type(e).__name__}: {e}"

    for _ in range(2):
        for x in CONTAINERS:
            for c in STEPS:
                print(repr(x), repr(c), [show(sl, x, a, b, c) for a in BOUNDS for b in BOUNDS])
            print(" ", show(sl_rev, x), [show(sl_from, x, a) for a in BOUNDS], show(sl_consts, x))

    odd = [L([1, 2, 3, 4]), LG([1, 2, 3]), T((1, 2, 3, 4)), S("abcd"), G(), b"bytes", bytearray(b"barray"),
           range(10), {1: 2}, None, 5]
    for _ in range(3):
        for x in odd:
            print(type(x).__name__, show(sl, x, 1, None, 2), show(sl_rev, x), show(sl_from, x, 2),
                  show(sl, x, None, None, 0), show(sl, x, 0, 3, 1))
    for bad in ["a", 1.5, BadIndex(), [], 2j]:
        print(show(sl, [1, 2, 3], bad, 2, -1), show(sl, (1, 2), 0, bad, 2), show(sl, "abc", None, None, bad),
              show(sl, "abc", bad, None, 0))

    # Identities and types, as CPython gives them (against computed objects: a
    # constant may be shared differently under fivefold, whichever stage).
    def identities():
        t = (1, 2, 3); s = "he" + str(len(t)); l = [1, 2]; one = str(len(l))
        return (t[::1] is t, t[0:3:1] is t, t[-100:100:1] is t, t[::-1] is t, t[5:1:1] is tuple(), t[1:5:-1] is tuple(),
                t[::-1] == (3, 2, 1), s[::1] is s, s[0:100:1] is s, s[::-1] is s, s[1:1:2] is str(),
                s[2::-5] is chr(51), one[::-1] is one, one[::2] is one, s[1:2:1] is chr(101),
                l[::1] is l, l[::-1] is l, type(T(t)[::-1]).__name__, type(S(s)[::-1]).__name__,
                type(L(l)[::-1]).__name__, sys.getsizeof(list(range(10))[::3]) == sys.getsizeof([0] * 4),
                sys.getsizeof(list(range(10))[::-1]) == sys.getsizeof([0] * 10))
    for _ in range(3):
        print(identities())

    # fannkuch's flip, and its neighbours.
    def flips(perm):
        out = []
        for k in range(len(perm)):
            p = perm[:]
            p[:k + 1] = p[k::-1]
            out.append(p)
        return out
    for _ in range(3):
        print(flips(list(range(6))), [x[::-2] for x in flips(list("abcde"))])

    # Errors caught in the same function (the handler is found from the subscript).
    def caught(x, a, b, c):
        try:
            return x[a:b:c]
        except (TypeError, ValueError) as e:
            return f"caught {type(e).__name__}: {e}"
    for _ in range(3):
        print(caught(None, 1, 2, 3), caught([1, 2], 1, 2, 0), caught("ab", None, None, 0),
              caught((1, 2), "a", 1, 2), caught([1, 2, 3], 0, 3, 2))

    # The line a finalizer run by the subscript sees (a temporary list freed).
    class D:
        def __del__(self):
            print("del at line", sys._getframe(1).f_lineno)
    def temp():
        return [D(), D()][
            0:0:-1]
    for _ in range(2):
        print(temp())

    # Reference counts of the container, the bounds, the step and the items.
    def counts():
        item = object()
        l = [item] * 5; t = (1, 2, 3, 4, item); s = "abcdef"; big = 1000; neg = -7; step = -2
        before = [sys.getrefcount(o) for o in (l, t, s, big, neg, step, item)]
        keep = []
        for _ in range(100):
            keep.append(l[neg:big:step]); keep.append(t[big:neg:step]); keep.append(s[::step])
            keep.append(t[0:big:1]); keep.append(l[::3])
        del keep
        return [sys.getrefcount(o) for o in (l, t, s, big, neg, step, item)] == before
    print(counts())

    # Uncaught: the traceback's lines and carets are the subscript's.
    def uncaught(x):
        return (x
                [1:
                 2:
                 0])
    uncaught([1, 2, 3])
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "stepped.py"
    path.write_text(textwrap.dedent(PROGRAM))
    env = {"FIVEFOLD_WITHOUT": "s2.stepped_slice"} if setting == "off" else None
    expected = run_cpython(path, [])
    assert "ValueError: slice step cannot be zero" in expected.stderr and expected.exit_code == 1
    diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


# The adaptive counter of the BINARY_SUBSCR after BUILD_SLICE in f, read after
# a first and a second round of calls: it moves only when the subscript runs.
_COUNTER = """
import sys
from fivefold import compiler, _fivefold
from fivefold.runtime import disassembler
ns = {}
exec(compiler.compile_source(b"def f(x, c):\\n    return x[1::c]\\n", "<t>"), ns)
f, arg, step = ns["f"], eval(sys.argv[1]), eval(sys.argv[2])
def counter():
    raw = _fivefold.code_of(f.__code__).co_code_adaptive
    offsets = [off for off, name, _, _ in disassembler.decode(raw) if name.startswith("BINARY_SUBSCR")]
    return int.from_bytes(raw[offsets[0] + 2:offsets[0] + 4], "little")
seen = []
for _ in range(2):
    for _ in range(100):
        f(arg, step)
    seen.append(counter())
print(seen[0] == seen[1])
"""


def _subscript_left_alone(arg: str, step: str, env: dict[str, str]) -> bool:
    out = subprocess.run([sys.executable, "-c", _COUNTER, arg, step], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "FIVEFOLD_STAGE": "2", **env})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip() == "True"


@pytest.mark.parametrize("arg", ["[1, 2, 3, 4]", "(1, 2, 3)", "'abcd'", "'\\u20acb\\u20acd'"])
@pytest.mark.parametrize("step", ["-1", "2", "None"])
def test_switch_the_subscript_does_not_run(arg, step):
    assert _subscript_left_alone(arg, step, {})
    assert not _subscript_left_alone(arg, step, {"FIVEFOLD_WITHOUT": "s2.stepped_slice"})
    assert not _subscript_left_alone(arg, step, {"FIVEFOLD_STAGE": "1"})


@pytest.mark.parametrize("arg, step", [("type('L', (list,), {})([1, 2, 3])", "-1"), ("b'abcd'", "2"),
                                       ("[1, 2, 3]", "True"), ("[1, 2, 3]", "2**40"), ("'abc'", "-2**100")])
def test_what_it_leaves_takes_the_subscript(arg, step):
    assert not _subscript_left_alone(arg, step, {})
