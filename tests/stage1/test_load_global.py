"""s1.load_global: LOAD_GLOBAL of module globals and builtins, guarded by the key
versions of the globals and builtins dicts."""

from __future__ import annotations

import builtins

import pytest
from adaptive import STAGE1_ON, family_members, load

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
LIMIT = 10

def read_global():
    return LIMIT

def read_builtin(x):
    return len(x)
"""


def test_module_global_specializes_and_follows_rebinding():
    ns = load(SOURCE)
    f = ns["read_global"]
    assert f() == 10 and f() == 10
    assert family_members(f, "LOAD_GLOBAL") == ["LOAD_GLOBAL_MODULE"]
    ns["LIMIT"] = 11            # same key set: the guard holds, the value is read fresh
    assert f() == 11
    assert family_members(f, "LOAD_GLOBAL") == ["LOAD_GLOBAL_MODULE"]
    del ns["LIMIT"]
    with pytest.raises(NameError, match="name 'LIMIT' is not defined"):
        f()
    ns["LIMIT"] = 12
    for i in range(100):       # grow and re-lay-out the globals dict
        ns[f"filler{i}"] = i
    assert f() == 12
    assert f() == 12


def test_builtin_specializes_and_follows_shadowing():
    ns = load(SOURCE)
    f = ns["read_builtin"]
    assert f([1]) == 1 and f([1, 2]) == 2
    assert family_members(f, "LOAD_GLOBAL") == ["LOAD_GLOBAL_BUILTIN"]
    ns["len"] = lambda x: "shadowed"      # a new global key: the globals guard fails
    assert f([1]) == "shadowed"
    del ns["len"]
    assert f([1, 2, 3]) == 3


def test_builtins_module_changes_are_seen():
    ns = load(SOURCE)
    f = ns["read_builtin"]
    f(""), f("")
    original = builtins.len
    try:
        builtins.len = lambda x: "patched"        # rebinding: same keys, read fresh
        assert f("abc") == "patched"
        del builtins.len                          # removed: NameError as in CPython
        try:
            f("abc")
        except NameError as e:
            error = e
    finally:
        builtins.len = original
    assert str(error) == "name 'len' is not defined"   # checked once len is back
    assert f("abcd") == 4


def test_same_code_over_other_globals():
    source = "def area(r):\n    return PI * r * r\n"
    results = []
    for pi in (3, 4, 5):
        ns = load(f"PI = {pi}\n" + source)
        area = ns["area"]
        results.append((area(1), area(2)))
    assert results == [(3, 12), (4, 16), (5, 20)]
    f = load(source)["area"]
    with pytest.raises(NameError, match="name 'PI' is not defined"):
        f(1)


def test_globals_dict_with_a_non_str_key_stays_correct():
    ns = load(SOURCE)
    f = ns["read_global"]
    f(), f()
    ns[1] = "not a str key"      # the keys become general: no longer guardable
    assert f() == 10 and f() == 10
    ns["LIMIT"] = 13
    assert f() == 13
