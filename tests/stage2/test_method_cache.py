"""s2.method_cache: LOAD_METHOD through a global (type version, name) cache at
sites stage 1 cannot specialize or that see several classes.

The member joins stage 1's LOAD_METHOD family through the seam. What must stay
CPython's: an attribute of the object itself shadows the class's method (set
later, in a values array or in a dict), a class attribute reassigned or
deleted, __slots__, __getattribute__ and __getattr__, descriptors of every kind.
"""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from members import members

PROGRAM = """
    class Base:
        def f(self):
            return "base"
    class A(Base):
        def f(self):
            return "A"
    class B(Base):
        pass
    class C(Base):
        def f(self):
            return "C"
    class D(Base):
        __slots__ = ()
        def f(self):
            return "D-slots"
    class E(Base):
        def __getattribute__(self, name):
            if name == "f":
                return lambda: "E-getattribute"
            return object.__getattribute__(self, name)
    class F(Base):
        def __getattr__(self, name):
            return lambda: "F-getattr"
    class G(list):
        def f(self):
            return "G-list"

    def call(o):
        return o.f()

    objs = [A(), B(), C(), D(), E(), F(), G()]
    for i in range(40):
        out = [call(o) for o in objs]
    print(out)

    # The object gains an attribute of the method's name: in its values
    # array, then in a dict.
    a, b = objs[0], objs[1]
    a.f = lambda: "instance-a"
    print([call(o) for o in objs])
    b.__dict__
    print(call(b))
    b.__dict__["f"] = lambda: "instance-b"
    print([call(o) for o in objs])
    del a.f, b.f
    print([call(o) for o in objs])

    # Class attributes reassigned and deleted.
    A.f = lambda self: "A-reassigned"
    print([call(o) for o in objs])
    del A.f
    print([call(o) for o in objs])
    Base.f = lambda self: "base-reassigned"
    print([call(o) for o in objs])

    # Descriptors of other kinds under the method's name.
    class P(Base):
        f = property(lambda self: (lambda: "P-property"))
    class S(Base):
        f = staticmethod(lambda: "S-static")
    class K(Base):
        f = classmethod(lambda cls: "K-class " + cls.__name__)
    class N(Base):
        f = "not callable"
    class Call:
        def __call__(self):
            return "callable-instance"
    class Q(Base):
        f = Call()
    for o in [P(), S(), K(), Q()] * 3 + objs:
        print(call(o))
    try:
        call(N())
    except TypeError as e:
        print("TypeError", e)

    # A data descriptor on the class wins over the instance dict; a
    # non-data descriptor loses to it.
    class Data:
        def __get__(self, obj, cls):
            return lambda: "data"
        def __set__(self, obj, v):
            pass
    class DD(Base):
        f = Data()
    dd = DD()
    dd.__dict__["f"] = lambda: "shadowed?"
    print(call(dd))

    # Classes made and dropped while the cache holds their methods.
    for i in range(200):
        T = type("T%d" % i, (Base,), {"f": (lambda i: lambda self: i)(i)})
        if call(T()) != i:
            print("wrong method", i)
    print("made and dropped")

    # Missing method: AttributeError as CPython's.
    class M:
        pass
    try:
        call(M())
    except AttributeError as e:
        print("AttributeError", e)
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "methods.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.method_cache", setting)


POLY = """
    class A:
        def f(self):
            return 1
    class B:
        def f(self):
            return 2
    def call(o):
        return o.f()
    objs = [A(), B()]
    for i in range(400):
        call(objs[i % 2])
"""


def test_switch_a_polymorphic_site_uses_the_cache():
    assert members(POLY, "call", "LOAD_METHOD") == ["LOAD_METHOD_CACHED"]
    off = members(POLY, "call", "LOAD_METHOD", {"FIVEFOLD_WITHOUT": "s2.method_cache"})
    assert off != ["LOAD_METHOD_CACHED"]
    assert members(POLY, "call", "LOAD_METHOD", {"FIVEFOLD_STAGE": "1"}) != ["LOAD_METHOD_CACHED"]


def test_a_monomorphic_site_keeps_stage_1s_member():
    source = POLY.replace("call(objs[i % 2])", "call(objs[0])")
    assert members(source, "call", "LOAD_METHOD") == ["LOAD_METHOD_WITH_VALUES"]


def test_an_object_with_a_dict_uses_the_cache():
    source = POLY.replace("objs = [A(), B()]", "objs = [A(), A()]\n    objs[0].__dict__, objs[1].__dict__")
    assert members(source, "call", "LOAD_METHOD") == ["LOAD_METHOD_CACHED"]
