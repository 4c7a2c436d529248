"""s2.inline_generators: FOR_ITER resumes a fivefold generator in its own loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import compare, run_cpython, run_fivefold

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAMS = {
    # `yield from` (SEND) resumption: trees of delegating generators, values sent
    # in and returned, exceptions, close() and throw() through the delegation.
    "yield_from": (CORPUS / "yield_from_delegation.py").read_text(),
    "resumption": """
        import sys, traceback
        def gen(n):
            for i in range(n):
                yield i
        def total(n):
            t = 0
            for x in gen(n):
                t += x
            return t
        print([total(n) for n in range(6)])
        def where():
            yield sys._getframe().f_back.f_code.co_name
            yield sys._getframe().f_back.f_code.co_name
        def consumer():
            return [name for name in where()] + [n for n in where()]
        print(consumer())
        def bad():
            yield 1
            raise StopIteration
        for _ in range(3):
            try:
                for v in bad():
                    pass
            except RuntimeError as e:
                print("RuntimeError:", e, type(e.__cause__).__name__)
        def boom():
            yield 1
            1 / 0
        for _ in range(3):
            try:
                for v in boom():
                    pass
            except ZeroDivisionError:
                print(traceback.format_exc().splitlines()[-4:])
        def cleanup():
            try:
                yield 1
                yield 2
            finally:
                print("finally")
        for _ in range(3):
            for v in cleanup():
                if v == 1:
                    break
        it = gen(6)
        for v in it:
            if v == 2:
                break
        print(next(it), list(it))
        def returns():
            yield 1
            return "dropped"
        print([v for v in returns()])
    """,
    "exception_state": """
        import sys
        def inner():
            yield sys.exc_info()[0]
            try:
                raise KeyError("k")
            except KeyError:
                yield sys.exc_info()[0]
            yield sys.exc_info()[0]
        for _ in range(3):
            try:
                raise ValueError("outer")
            except ValueError:
                print([t.__name__ if t else None for t in inner()], sys.exc_info()[0].__name__)
            print([t.__name__ if t else None for t in inner()])
        def nested(n):
            if n:
                for v in nested(n - 1):
                    yield v + 1
            else:
                yield 0
        print(list(nested(50)), sum(nested(100)))
        def closer():
            try:
                yield 1
            except GeneratorExit:
                print("closed")
                raise
        g = closer()
        for v in g:
            break
        g.close()
        print(g.gi_frame, g.gi_running)
    """,
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    env = {"FIVEFOLD_WITHOUT": "s2.inline_generators"} if setting == "off" else None
    diff = compare(run_cpython(path, []), run_fivefold(path, [], stage=2, env=env))
    assert diff is None, diff


def test_switch_nested_generators_need_no_c_stack(tmp_path):
    # 100,000 generators each resuming the next: in the loop, no C stack per
    # level; with the change off each resumption re-enters the evaluator in C and
    # the C stack guard stops it (CPython 3.11 recurses in C here too, so it is
    # not the reference for this one).
    path = tmp_path / "nested.py"
    path.write_text(textwrap.dedent("""
        import sys
        sys.setrecursionlimit(250000)
        def nested(n):
            if n:
                for v in nested(n - 1):
                    yield v + 1
            else:
                yield 0
        print(list(nested(100000)))
    """))
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout.strip()) == (0, "[100000]")
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.inline_generators"})
    assert off.exit_code != 0 and "RecursionError" in off.stderr
