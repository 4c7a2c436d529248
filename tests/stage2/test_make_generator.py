"""s2.make_generator: RETURN_GENERATOR makes the generator as CPython 3.11 does.

Programs run under CPython, at stage 2, and with the change off must print the
same. The switch shows in memory: made the base VM's way (through a frame
object), a generator's creation needs a temporary allocation it does not keep;
made directly, as under CPython, it needs none."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, run_cpython, run_fivefold

CORPUS = Path(__file__).resolve().parents[1] / "programs" / "calls_in_loop"

PROGRAM = """
    import gc, sys, weakref
    def gen(a, b=2, *rest, **kw):
        x = a + b
        yield x, rest, sorted(kw)
        yield sys._getframe().f_code.co_name, type(sys._getframe().f_back).__name__
    for _ in range(3):
        g = gen(1, 5, 6, k=1)
        print(g.__name__, g.__qualname__, g.gi_running, g.gi_frame.f_lineno, g.gi_code is gen.__code__)
        print(list(g), g.gi_frame, g.gi_running)
    class C:
        def method(self):
            yield self
        @staticmethod
        def static():
            yield "s"
    c = C()
    print([type(x).__name__ for x in c.method()], list(C.static()), C.method.__qualname__)
    def closes():
        try:
            yield 1
        finally:
            print("finally")
    g = closes(); next(g); del g; gc.collect()
    g = closes(); print(g.gi_frame.f_locals, next(g)); g.close()
    unstarted = gen(0)
    print(unstarted.gi_frame.f_lasti >= 0, unstarted.gi_frame.f_back)
    del unstarted
    print(sys.getrefcount(gen.__code__) == sys.getrefcount(gen.__code__))
"""


@pytest.mark.parametrize("setting", ["on", "off"])
@pytest.mark.parametrize("program", ["make", "generator_resumption", "yield_from_delegation"])
def test_same_as_cpython(tmp_path, setting, program):
    path = tmp_path / f"{program}.py"
    text = textwrap.dedent(PROGRAM) if program == "make" else (CORPUS / f"{program}.py").read_text()
    path.write_text(text)
    assert_same_with_change(path, "s2.make_generator", setting)


def test_switch_no_temporary_frame_object(tmp_path):
    path = tmp_path / "temporary.py"
    path.write_text(textwrap.dedent("""
        import tracemalloc
        def g(a, b, c):
            yield a + b + c
        gens = []
        def extra():
            tracemalloc.reset_peak()
            gens.append(g(1, 2, 3))
            current, peak = tracemalloc.get_traced_memory()
            return peak - current
        tracemalloc.start()
        print(max([extra() for _ in range(5)][2:]))
    """))
    assert run_cpython(path, []).stdout == "0\n"
    on = run_fivefold(path, [], stage=2)
    assert (on.exit_code, on.stdout) == (0, "0\n")
    off = run_fivefold(path, [], stage=2, env={"FIVEFOLD_WITHOUT": "s2.make_generator"})
    assert off.exit_code == 0 and int(off.stdout) > 64, off
