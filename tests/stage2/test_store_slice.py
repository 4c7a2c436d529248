"""s2.store_slice: `x[a:b] = v` on an exact list without a slice object.

Programs run under CPython, at stage 2, and with the change off must print the
same: every kind of bound (None, in range, negative, out of range, reversed,
huge ints, bools, int subclasses, __index__ objects, one that raises,
non-integers), values of every kind (lists, tuples, strs, generators, the list
itself, an iterator that changes the list while it is read, a non-iterable:
TypeError), a step (not taken), list subclasses with and without __setitem__,
other containers (bytearray, dict, tuple, str), the line a generator feeding
the store and a finalizer of a replaced item see, an error caught in the same
function and one uncaught (the traceback's lines and carets), `del x[a:b]` and
`x[a:b] += v` (other instructions), and reference counts. The switch shows in
the STORE_SUBSCR after the BUILD_SLICE: with the change on it never runs, so
its adaptive counter stays as quickening left it."""

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
    class L(list): pass
    class LS(list):
        def __setitem__(self, k, v): print("LS setitem", k, v)

    BOUNDS = [None, 0, 1, 3, 100, -1, -3, -100, 2**40, -2**40, 2**100, True, False, I(1), Index(2), Index(-1)]
    VALUES = [lambda: [], lambda: [7, 8], lambda: (9,), lambda: "xy", lambda: iter([5, 6, 7]),
              lambda: (i * i for i in range(3)), lambda: range(2), lambda: {4: 0}]

    def st(x, a, b, v):
        x[a:b] = v
        return x
    def st_lo(x, a, v):
        x[a:] = v
        return x
    def st_all(x, v):
        x[:] = v
        return x

    def show(f, *args):
        try:
            r = f(*args)
            return f"{type(r).__name__}:{r!r}"
        except Exception as e:
            return f"{type(e).__name__}: {e}"

    for _ in range(3):
        for make in VALUES:
            print([show(st, [1, 2, 3, 4], a, b, make()) for a in BOUNDS for b in BOUNDS])
            print(" ", [show(st_lo, [1, 2, 3], a, make()) for a in BOUNDS], show(st_all, [1, 2], make()))
        print([show(st, [], a, b, [1]) for a in BOUNDS for b in BOUNDS])
    for bad in ["a", 1.5, BadIndex(), None]:
        print(show(st, [1, 2, 3], bad, 2, [0]), show(st, [1, 2, 3], 0, bad, [0]))
    for v in [5, None, object()]:
        r = show(st, [1, 2, 3], 0, 1, v)
        print(r if "object at" not in r else r.split(" object")[0])
    def stepped(x):
        x[::2] = "ab"; x[1:3:1] = [0]; x[::-1] = x[:]
        return x
    print(stepped([1, 2, 3, 4]))
    for x in [L([1, 2, 3]), LS([1, 2, 3]), bytearray(b"abc"), {1: 2}, (1, 2), "abc", None]:
        print(type(x).__name__, show(st, x, 0, 1, b"z" if isinstance(x, bytearray) else [9]))

    # The list itself as the value; an iterator that changes the list.
    def itself():
        a = [1, 2, 3]
        a[1:2] = a
        b = [1, 2, 3]
        b[:] = b
        return a, b
    def mutating():
        a = [1, 2, 3, 4]
        def gen():
            a.append(99)
            yield from (10, 11)
            a.clear()
        a[1:3] = gen()
        return a
    for _ in range(3):
        print(itself(), mutating())

    # The line the generator feeding the store and a replaced item's finalizer see.
    def feed():
        yield sys._getframe(1).f_lineno
    class D:
        def __del__(self):
            print("del at line", sys._getframe(1).f_lineno)
    def lines():
        a = [D(), 1, 2]
        a[
            0:1] = feed()
        return a
    for _ in range(2):
        print(lines())

    # Errors caught in the same function (the handler is found from the store).
    def caught(x, a, b, v):
        try:
            x[a:b] = v
            return x
        except TypeError as e:
            return f"caught {e}"
    for _ in range(3):
        print(caught([1], 0, 1, 5), caught([1], 0, 1, [2]), caught((1,), 0, 1, [2]), caught([1], "a", 1, []))

    # Other instructions: del and augmented assignment of a slice.
    def others():
        a = list(range(8))
        del a[1:3]
        a[2:4] += [0]
        del a[-2:]
        return a
    print(others())

    # Reference counts of the list, the bounds and the value.
    def counts():
        l = [1, 2, 3]; v = (4, 5); big = 1000; neg = -2
        before = [sys.getrefcount(o) for o in (l, v, big, neg)]
        for _ in range(100):
            l[0:neg] = v
            l[neg:big] = v
        return [sys.getrefcount(o) for o in (l, v, big, neg)] == before, l
    print(counts())

    # Uncaught: the traceback's lines and carets are the store's.
    def uncaught(x):
        (x
         [1:
          2]) = 5
    uncaught([1, 2, 3])
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "store_slices.py"
    path.write_text(textwrap.dedent(PROGRAM))
    env = {"FIVEFOLD_WITHOUT": "s2.store_slice"} if setting == "off" else None
    expected = run_cpython(path, [])
    assert "Traceback" in expected.stderr and expected.exit_code == 1
    diff = compare(expected, run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


# The adaptive counter of the STORE_SUBSCR after BUILD_SLICE in f, read after a
# first and a second round of calls: it moves only when the store runs.
_COUNTER = """
import sys
from fivefold import compiler, _fivefold
from fivefold.runtime import disassembler
ns = {}
exec(compiler.compile_source(b"def f(x):\\n    x[1:-1] = (7, 8)\\n", "<t>"), ns)
f, arg = ns["f"], eval(sys.argv[1])
def counter():
    raw = _fivefold.code_of(f.__code__).co_code_adaptive
    offsets = [off for off, name, _, _ in disassembler.decode(raw) if name.startswith("STORE_SUBSCR")]
    return int.from_bytes(raw[offsets[0] + 2:offsets[0] + 4], "little")
seen = []
for _ in range(2):
    for _ in range(100):
        f(arg)
    seen.append(counter())
print(seen[0] == seen[1])
"""


def _store_left_alone(arg: str, env: dict[str, str]) -> bool:
    out = subprocess.run([sys.executable, "-c", _COUNTER, arg], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "FIVEFOLD_STAGE": "2", **env})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip() == "True"


def test_switch_the_store_does_not_run():
    assert _store_left_alone("[1, 2, 3, 4]", {})
    assert not _store_left_alone("[1, 2, 3, 4]", {"FIVEFOLD_WITHOUT": "s2.store_slice"})
    assert not _store_left_alone("[1, 2, 3, 4]", {"FIVEFOLD_STAGE": "1"})


def test_subclasses_and_other_types_take_the_store():
    assert not _store_left_alone("type('L', (list,), {})([1, 2, 3])", {})
    assert not _store_left_alone("bytearray(b'abcd')", {})
