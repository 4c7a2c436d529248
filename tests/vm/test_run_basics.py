"""Hand-assembled fivefold code (CPython 3.11's own bytecode translated unit for
unit, see ff_translate.py) gives the same results as CPython."""

import os
import sys

import pytest
from ff_translate import on_fivefold, run_source

from fivefold import _fivefold

G = 10


def arithmetic(a, b):
    return (a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, -a, +a, ~a, a << 2, a >> 1,
            a & b, a | b, a ^ b, a < b, a <= b, a == b, a != b, a > b, a >= b, not a, a is b,
            a in [b], a not in (b,))


def inplace(x):
    x += 1
    x *= 3
    x -= 2
    x //= 2
    x **= 2
    x %= 1000
    x <<= 1
    x >>= 1
    x |= 8
    x &= 0xFF
    x ^= 3
    return x


def locals_and_globals(n):
    global G
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
        if total > 50:
            break
    else:
        total = -total
    G += 1
    del i
    return total, G


def calls(a, b=2, *args, c=3, d=4, **kwargs):
    return a, b, args, c, d, sorted(kwargs.items())


def call_forms():
    f = calls
    return [f(1), f(1, 2, 3, 4), f(1, c=5), f(*[1, 2], **{"d": 7, "z": 8}),
            f(1, *(2, 3), c=9, **{"k": 0}), max([3, 1, 2], key=lambda v: -v),
            "-".join(map(str, range(3))), dict(a=1, **{"b": 2})]


def closures(n):
    def make(k):
        def inner(x):
            return x * k + n
        return inner
    counter = 0

    def bump():
        nonlocal counter
        counter += 1
        return counter
    bump()
    bump()
    return [make(i)(2) for i in range(3)], counter, (lambda: n)()


def containers(xs):
    a, *rest, z = xs
    (p, q), r = (1, 2), 3
    d = {k: v for k, v in zip("abc", xs)}
    s = {x % 3 for x in xs}
    g = sum(x for x in xs if x > 2)
    xs2 = [*xs, *"ab"]
    t = (*xs, 9)
    dd = {**d, "z": 26}
    sl = xs[1:-1], xs[::2], xs[::-1]
    xs2[0] = 100
    del xs2[1]
    return a, rest, z, p, q, r, d, s, g, xs2, t, dd, sl


def strings(x, y):
    return f"{x}-{y!r}-{x:>5}-{y!s:^7}-{x!a}-{3.14159:.2f}", f"{x=}", "%s:%d" % ("a", 3)


class Point:
    """A point."""
    count = 0

    def __init__(self, x, y):
        self.x, self.y = x, y
        Point.count += 1

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    @property
    def norm(self):
        return abs(self.x) + abs(self.y)


def attributes():
    p = Point(3, -4)
    p.z = 5
    del p.z
    return repr(p), p.norm, hasattr(p, "z"), Point.count > 0


def with_and_imports():
    import os.path
    from collections import OrderedDict as OD
    from json import dumps
    import io
    with io.StringIO() as f:
        f.write("hi")
        v = f.getvalue()
    return os.path.basename("/a/b"), OD(a=1), dumps([1]), v


@pytest.mark.parametrize("func, args", [
    (arithmetic, (7, 3)), (arithmetic, (-7, 3)), (inplace, (5,)), (calls, (1,)),
    (call_forms, ()), (closures, (4,)), (containers, ([1, 2, 3, 4, 5],)), (strings, (42, "s")),
    (attributes, ()), (with_and_imports, ()),
])
def test_same_result_as_cpython(func, args):
    assert on_fivefold(func)(*args) == func(*args)


def test_globals_and_control_flow():
    global G
    G = 10
    expected = locals_and_globals(20)
    G = 10
    assert on_fivefold(locals_and_globals)(20) == expected
    assert G == 11


def test_module_code_classes_and_super():
    ns = run_source('''
class Base:
    def hello(self):
        return "base"
class Child(Base):
    """doc"""
    x: int = 3
    def hello(self):
        return "child+" + super().hello()
    @classmethod
    def make(cls):
        return cls()
    @staticmethod
    def st():
        return __class__.__name__
result = (Child.make().hello(), Child.__doc__, Child.__annotations__, Child.st(), Child.__qualname__,
          Child.__module__)
import math
from math import *
found = sqrt(16)
''')
    assert ns["result"] == ("child+base", "doc", {"x": int}, "Child", "Child", "__ff_test__")
    assert ns["found"] == 4.0


def test_functions_are_cpython_functions():
    def target(a, b=1, *, c):
        """Doc string."""
        return sys._getframe().f_code.co_name, sys._getframe(1).f_code.co_name

    func = on_fivefold(target)
    import inspect
    assert str(inspect.signature(func)) == "(a, b=1, *, c)"
    assert func.__doc__ == "Doc string."
    assert func(1, c=2) == ("target", "test_functions_are_cpython_functions")
    with pytest.raises(TypeError, match=r"target\(\) missing 1 required keyword-only argument: 'c'"):
        func(1)


def test_frame_introspection_sees_fivefold_frames():
    def probe():
        x = 41
        frame = sys._getframe()
        return frame.f_lineno - frame.f_code.co_firstlineno, frame.f_locals["x"], locals()

    got = on_fivefold(probe)()
    assert got[0] == 3
    assert got[1] == 41
    assert got[2]["x"] == 41


def test_name_errors_match_cpython():
    def unbound():
        if False:
            v = 1
        return v

    def missing():
        return no_such_name_anywhere  # noqa: F821

    with pytest.raises(UnboundLocalError, match="cannot access local variable 'v' where it is not associated"):
        on_fivefold(unbound)()
    with pytest.raises(NameError, match="name 'no_such_name_anywhere' is not defined") as info:
        on_fivefold(missing)()
    assert info.value.name == "no_such_name_anywhere"


def test_stage_and_stats_interface():
    # Default: the highest stage built in (a stage package with no C code is not one).
    default = max(_fivefold.built_stages())
    assert _fivefold.stage() == int(os.environ.get("FIVEFOLD_STAGE") or default)
    assert _fivefold.evaluator_installed()
    if _fivefold.stats_build():
        _fivefold.reset_opcode_stats()
        on_fivefold(inplace)(3)
        stats = _fivefold.opcode_stats()
        # generic and specialized BINARY_OPs together
        assert sum(n for name, n in stats.items() if name.startswith("BINARY_OP")) == 11
    else:
        with pytest.raises(RuntimeError, match="statistics build"):
            _fivefold.opcode_stats()
