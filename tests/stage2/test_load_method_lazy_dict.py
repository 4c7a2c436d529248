"""s2.load_method_lazy_dict: LOAD_METHOD of a method of a class whose instances
keep a __dict__ at an offset, made on first use (io.BytesIO, io.StringIO),
while the object has none, pushes the cached method with the object as self.

The member joins stage 1's LOAD_METHOD family through the seam. What must stay
CPython's: the object gaining a dict (an attribute that shadows the method, or
one that does not), subclasses and their methods replaced, several classes at
one site, the methods' own errors."""

from __future__ import annotations

import io
import textwrap

import pytest
from differential import assert_same_with_change
from members import members

PROGRAM = """
    import io, sys
    def fill(f, n):
        for i in range(n):
            f.write(b"ab" if isinstance(f, io.BytesIO) else "ab")
        return f.tell()

    b = io.BytesIO()
    print(fill(b, 100), len(b.getvalue()))
    s = io.StringIO()
    print(fill(s, 100), len(s.getvalue()))

    # The object gains a dict: an attribute that shadows the method, then one
    # that does not, then the shadowing one removed.
    c = io.BytesIO()
    fill(c, 60)
    c.write = lambda data: ("shadowed", data)
    print(c.write(b"x"), fill(c, 3), c.tell())
    del c.write
    c.other = 1
    print(fill(c, 3), c.tell())

    # Subclasses: with __slots__ (no dict of its own), with a method of their
    # own, the method replaced and deleted while the site is specialized.
    class Sub(io.BytesIO):
        pass
    class Own(io.BytesIO):
        def write(self, data):
            return ("own", super().write(data))
    objs = [io.BytesIO(), Sub(), Own(), io.StringIO()]
    def write_all(objs, i):
        return [o.write(b"z" if not isinstance(o, io.StringIO) else "z") for o in objs]
    for i in range(60):
        out = write_all(objs, i)
    print(out)
    Sub.write = lambda self, data: ("replaced", data)
    print(write_all(objs, 0))
    del Sub.write
    print(write_all(objs, 0))

    # The methods' errors: a closed file.
    d = io.BytesIO()
    fill(d, 60)
    d.close()
    try:
        fill(d, 1)
    except ValueError as e:
        print("ValueError", e)

    # Reference counts of self and the method.
    e = io.BytesIO()
    before = sys.getrefcount(e), sys.getrefcount(io.BytesIO.write)
    fill(e, 1000)
    after = sys.getrefcount(e), sys.getrefcount(io.BytesIO.write)
    print("refcount delta", after[0] - before[0], after[1] - before[1])
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "lazy.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.load_method_lazy_dict", setting)


SITE = """
    import io
    def call(f):
        f.write(b"x")
    f = io.BytesIO()
    for i in range(400):
        call(f)
"""


def test_switch_the_member_is_used():
    assert members(SITE, "call", "LOAD_METHOD") == ["LOAD_METHOD_LAZY_DICT"]
    assert members(SITE, "call", "LOAD_METHOD", {"FIVEFOLD_WITHOUT": "s2.load_method_lazy_dict"}) == ["LOAD_METHOD"]
    assert members(SITE, "call", "LOAD_METHOD", {"FIVEFOLD_STAGE": "1"}) == ["LOAD_METHOD"]


def test_an_object_with_a_dict_is_not_specialized_so():
    source = SITE.replace("f = io.BytesIO()", "f = io.BytesIO()\n    f.tag = 1")
    assert members(source, "call", "LOAD_METHOD") != ["LOAD_METHOD_LAZY_DICT"]
