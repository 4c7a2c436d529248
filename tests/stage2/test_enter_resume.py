"""s2.enter_resume: a frame pushed in stage 2's loop starts past its RESUME
when the thread does not trace and no eval breaker is set.

What RESUME does must still happen: a signal that arrives while a program
only calls (no loop, no backward jump: the entry of a function is the only
place its handler can run) interrupts it; a profile and a trace function see
each call, generator resumption and return as under CPython. Each program runs
under CPython, at stage 2 and at stage 2 with the change off; all three must
print the same."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change

PROGRAMS = {
    # Without the breaker check on entry the handler would never run: spin
    # makes 2**31 calls and no backward jump.
    "signal_during_recursion": """
        import signal
        class Interrupted(Exception):
            pass
        def handler(signum, frame):
            raise Interrupted
        signal.signal(signal.SIGALRM, handler)
        def spin(n):
            return spin(n - 1) + spin(n - 1) if n else 1
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        try:
            print(spin(31))
        except Interrupted as e:
            tb = e.__traceback__
            names = set()
            while tb is not None:
                names.add(tb.tb_frame.f_code.co_name)
                tb = tb.tb_next
            print("interrupted in", sorted(names))
    """,
    "profile_and_trace_events": """
        import sys
        def leaf(x):
            return x + 1
        def gen(n):
            for i in range(n):
                yield leaf(i)
        def run():
            return sum(leaf(i) for i in range(3)) + sum(gen(3)) + sum([x for x in gen(2)])
        events = []
        def prof(frame, event, arg):
            if frame.f_code.co_name in ("leaf", "gen", "run", "<genexpr>", "<listcomp>"):
                events.append((event, frame.f_code.co_name, frame.f_lineno))
        sys.setprofile(prof)
        run()
        sys.setprofile(None)
        print(events)
        events.clear()
        def trace(frame, event, arg):
            if frame.f_code.co_name in ("leaf", "gen", "run", "<genexpr>", "<listcomp>"):
                events.append((event, frame.f_code.co_name, frame.f_lineno))
            return trace
        sys.settrace(trace)
        run()
        sys.settrace(None)
        print(events)
        for _ in range(200):   # warm, then profile again
            run()
        sys.setprofile(prof)
        run()
        sys.setprofile(None)
        print(len(events), events[-5:])
    """,
    "generator_positions": """
        import sys
        def g():
            # fivefold's offsets are its own (f_lasti differs from CPython's):
            # lines, and whether the position moved on, are what match.
            f = sys._getframe()
            first = f.f_lasti
            yield f.f_lineno
            yield f.f_lasti > first
            yield f.f_lineno
        for _ in range(3):
            print(list(g()), [x for x in g()])
        def closure(k):
            def inner(x):
                return x + k   # COPY_FREE_VARS before its RESUME
            return inner
        f = closure(3)
        print(sum(f(i) for i in range(100)))
    """,
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    expected = assert_same_with_change(path, "s2.enter_resume", setting)
    assert "interrupted" in expected.stdout or name != "signal_during_recursion"
