"""s2.inline_generators: FOR_ITER resumes a fivefold generator in its own loop.

Each program runs under CPython, at stage 2, and at stage 2 with the change
off; all three must print the same."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, run_fivefold

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAMS = {
    # `yield from` (SEND) resumption: trees of delegating generators, values sent
    # in and returned, exceptions, close() and throw() through the delegation.
    "yield_from": (CORPUS / "yield_from_delegation.py").read_text(),
    "resumption": (CORPUS / "generator_resumption.py").read_text(),
    "exception_state": (CORPUS / "generator_exception_state.py").read_text(),
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s2.inline_generators", setting)


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
