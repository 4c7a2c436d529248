"""s2.exc_match: `except C:` with a single exception class matched by type.

Programs run under CPython, at stage 2, and with the change off must print the
same: the class itself, subclasses, unrelated classes, tuples, `except
BaseException`, a metaclass whose __subclasscheck__ would say yes (never
consulted, as in CPython), and non-classes on the match side, which raise
TypeError (the base instruction's check); with the change on and off the
matching is the same, as it must be: the fast path computes what
PyErr_GivenExceptionMatches computes."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change

PROGRAM = """
    class E(ValueError): pass
    class F(E): pass
    class Meta(type):
        def __subclasscheck__(cls, sub): return True
        def __instancecheck__(cls, obj): return True
    class X(Exception, metaclass=Meta): pass
    def match(cls):
        try:
            raise cls("m")
        except F:
            return "F"
        except E:
            return "E"
        except (KeyError, IndexError):
            return "tuple"
        except X:
            return "X"
        except ValueError:
            return "V"
        except BaseException:
            return "B"
    def bad(side):
        try:
            try:
                raise ValueError("v")
            except side:
                return "matched"
        except TypeError as e:
            return f"TypeError: {e}"
        except ValueError:
            return "not matched"
    for _ in range(3):
        print([match(c) for c in (ValueError, E, F, KeyError, IndexError, X, Exception, KeyboardInterrupt)])
        print([bad(s) for s in (5, int, "x", None, (ValueError, 5), (5, ValueError), object, ValueError)])
    def handled():
        total = 0
        for i in range(200):
            try:
                if i % 3:
                    raise KeyError(i)
                raise E(i)
            except E as e:
                total += e.args[0]
            except LookupError:
                total -= 1
        return total
    print(handled())
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, setting):
    path = tmp_path / "excepts.py"
    path.write_text(textwrap.dedent(PROGRAM))
    assert_same_with_change(path, "s2.exc_match", setting)
