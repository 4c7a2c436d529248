"""s2.binary_slice: `x[a:b]` on an exact list, tuple or str without a slice object.

Programs run under CPython, at stage 2, and with the change off must print the
same: every kind of bound (None, in range, negative, out of range on either
side, empty and reversed ranges, ints of more than one digit and huge ones,
bools, int subclasses, __index__ objects, one that raises, non-integers), a
step (not taken), list/tuple/str subclasses and classes with __getitem__,
other containers (bytes, range, dict), the identities CPython gives (an exact
tuple or str sliced whole is itself; empty tuples and strs, one-character strs
are singletons; a list slice is a new list), wide strs, errors caught in the
same function and uncaught (the traceback's subscript lines and carets), the
line a finalizer run by the subscript sees, and reference counts. The switch
shows in the BINARY_SUBSCR after the BUILD_SLICE: with the change on it never
runs, so its adaptive counter stays as quickening left it."""

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
    class BadIndex:
        def __index__(self): raise RuntimeError("no index")
    class L(list):
        def __getitem__(self, k): return ("L", k)
    class T(tuple): pass
    class S(str): pass
    class G:
        def __getitem__(self, k): return ("G", k.start, k.stop, k.step)

    BOUNDS = [None, 0, 1, 2, 3, 5, 100, -1, -2, -3, -5, -100, 2**30 - 1, 2**30, -2**30, 2**40, -2**40,
              2**100, -2**100, True, False, I(1), I(-2), Index(2), Index(-1)]
    CONTAINERS = [[10, 20, 30, 40], (10, 20, 30, 40), "abcd", [], (), "", "é€😀xy", [1], (1,), "z"]

    def sl(x, a, b):
        return x[a:b]
    def sl_lo(x, a):
        return x[a:]
    def sl_hi(x, b):
        return x[:b]
    def sl_all(x):
        return x[:]
    def sl_const(x):
        return x[1:-1], x[-2:], x[:2], x[5:1]

    def show(f, *args):
        try:
            r = f(*args)
            return f"{type(r).__name__}:{r!r}"
        except Exception as e:
            return f"{type(e).__name__}: {e}"

    for _ in range(3):
        for x in CONTAINERS:
            print(repr(x), [show(sl, x, a, b) for a in BOUNDS for b in BOUNDS])
            print(" ", [show(sl_lo, x, a) for a in BOUNDS], [show(sl_hi, x, b) for b in BOUNDS])
            print(" ", show(sl_all, x), show(sl_const, x))

    odd = [L([1, 2, 3]), T((1, 2, 3)), S("abc"), G(), b"bytes", bytearray(b"ba"), range(10), {1: 2},
           None, 5]
    for _ in range(3):
        for x in odd:
            print(type(x).__name__, show(sl, x, 1, 2), show(sl_lo, x, -1), show(sl_all, x))
            print(" ", type(x).__name__, show(sl, x, 0, None))
    for bad in ["a", 1.5, BadIndex(), [], 2j]:
        print(show(sl, [1, 2, 3], bad, 2), show(sl, (1, 2), 0, bad), show(sl, "abc", bad, None))
    def stepped(x):
        return x[::2], x[1:3:1], x[::-1], x[3:0:-1]
    for x in ([1, 2, 3, 4], (1, 2, 3, 4), "abcd"):
        print(stepped(x))

    # Identities, as CPython gives them (against computed strs: a one-character
    # str constant is the cached singleton under fivefold, not under CPython,
    # whichever stage).
    def identities():
        t = (1, 2, 3); s = "hello"; l = [1, 2]
        return (t[:] is t, t[0:3] is t, t[0:100] is t, t[-100:] is t, t[1:1] is (), t[2:1] is (),
                s[:] is s, s[0:5] is s, s[1:1] is str(), s[1:2] is chr(101), s[4:] is chr(111), s[3:5] is s[3:5],
                l[:] is l,
                T(t)[:] is T(t), type(T(t)[:]).__name__, type(S(s)[:]).__name__, type(L(l)[:]).__name__)
    for _ in range(3):
        print(identities())

    # Nested slices, a slice as a value, a slice in a comprehension.
    def nested(x):
        return x[1:][1:][:-1], [x[i:i + 2] for i in range(len(x))], x[len(x) // 2:]
    for _ in range(3):
        print(nested(list(range(7))), nested("abcdefg"), nested(tuple("abcdefg")))

    # Errors caught in the same function (the handler is found from the subscript).
    def caught(x, a, b):
        try:
            return x[a:b]
        except TypeError as e:
            return f"caught {e}"
    for _ in range(3):
        print(caught(None, 1, 2), caught([1, 2], 1, 2), caught([1, 2], "a", 1), caught(5, None, None))

    # The line a finalizer run by the subscript sees (a temporary list freed).
    class D:
        def __del__(self):
            print("del at line", sys._getframe(1).f_lineno)
    def temp():
        return [D(), D()][
            0:0]
    for _ in range(2):
        print(temp())

    # Reference counts of the container and the bounds.
    def counts():
        l = [1, 2, 3]; t = (1, 2, 3, 4); s = "abcdef"; big = 1000; neg = -7
        before = [sys.getrefcount(o) for o in (l, t, s, big, neg)]
        keep = []
        for _ in range(100):
            keep.append(l[0:big]); keep.append(t[1:neg]); keep.append(s[neg:big]); keep.append(t[0:big])
        del keep
        return [sys.getrefcount(o) for o in (l, t, s, big, neg)] == before
    print(counts())

    # Uncaught: the traceback's lines and carets are the subscript's.
    def uncaught(x):
        return (x
                [1:
                 2])
    uncaught(None)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "slices.py"
    path.write_text(textwrap.dedent(PROGRAM))
    env = {"FIVEFOLD_WITHOUT": "s2.binary_slice"} if setting == "off" else None
    expected = run_cpython(path, [])
    assert "Traceback" in expected.stderr and expected.exit_code == 1
    diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


# The adaptive counter of the BINARY_SUBSCR after BUILD_SLICE in f, read after
# a first and a second round of calls: it moves only when the subscript runs.
_COUNTER = """
import sys
from fivefold import compiler, _fivefold
from fivefold.runtime import disassembler
ns = {}
exec(compiler.compile_source(b"def f(x):\\n    return x[1:-1]\\n", "<t>"), ns)
f, arg = ns["f"], eval(sys.argv[1])
def counter():
    raw = _fivefold.code_of(f.__code__).co_code_adaptive
    offsets = [off for off, name, _, _ in disassembler.decode(raw) if name.startswith("BINARY_SUBSCR")]
    return int.from_bytes(raw[offsets[0] + 2:offsets[0] + 4], "little")
seen = []
for _ in range(2):
    for _ in range(100):
        f(arg)
    seen.append(counter())
print(seen[0] == seen[1])
"""


def _subscript_left_alone(arg: str, env: dict[str, str]) -> bool:
    out = subprocess.run([sys.executable, "-c", _COUNTER, arg], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "FIVEFOLD_STAGE": "2", **env})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip() == "True"


@pytest.mark.parametrize("arg", ["[1, 2, 3, 4]", "(1, 2, 3)", "'abcd'"])
def test_switch_the_subscript_does_not_run(arg):
    assert _subscript_left_alone(arg, {})
    assert not _subscript_left_alone(arg, {"FIVEFOLD_WITHOUT": "s2.binary_slice"})
    assert not _subscript_left_alone(arg, {"FIVEFOLD_STAGE": "1"})


def test_subclasses_take_the_subscript():
    assert not _subscript_left_alone("type('L', (list,), {})([1, 2, 3])", {})
    assert not _subscript_left_alone("b'abcd'", {})
