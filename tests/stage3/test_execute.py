"""s3.execute: recorded traces run in the trace executor (stage3/vm/executor.c.h).

The executor leaves a trace wherever control goes elsewhere than the recording
went, at the exact instruction, with the stack and frames as they are. The
programs here make it leave at every kind of place (a branch the other way, a
guard that fails after thousands of iterations, an instruction rewritten under
the trace, a function called instead of another, a generator that ends, an
exception at a micro-op, sys.settrace switched on inside the trace, a trace
cleared while it runs, a signal at a back edge) and must print what CPython
prints with the executor on and off. Counts from traces() show the traces ran
and left where expected."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from differential import assert_same_with_change
from test_record import run

SUM = """
    def main(n):
        total = 0
        for i in range(n):
            total += i * 2
        return total
    print(main(1000), main(5))
"""


# A branch that goes the other way every fourth iteration.
BRANCHY = """
        def main(n):
            odd = 0
            for i in range(n):
                if i % 4 == 3:
                    odd += 1
            return odd
        print(main(400))
"""


def _env(**more):
    return {"FIVEFOLD_WITH": "s3.execute", **more}


def test_trace_runs_until_its_loop_ends(tmp_path):
    out, rep = run(tmp_path, SUM, env=_env())
    assert out == f"{sum(i * 2 for i in range(1000))} {sum(i * 2 for i in range(5))}\n"
    assert {"s3.record", "s3.execute"} <= set(rep["changes"])
    [trace] = [t for t in rep["traces"] if t["code"] == "main" and t["parent"] is None]
    # Entered at a back edge of each call (main(5) runs 5 iterations: hot at 4),
    # left once per call, where the range ends (FOR_ITER's jump out of the loop).
    assert trace["entries"] == 2
    exits = [u for u in trace["uops"] if u[5]]
    assert len(exits) == 1 and "FOR_ITER" in exits[0][1] and exits[0][5] == 2
    assert rep["stats"]["entries"] >= 2 and rep["stats"]["exits"] >= 2


def test_branch_the_other_way_leaves_the_trace(tmp_path):
    out, rep = run(tmp_path, BRANCHY, env=_env())
    assert out == "100\n"
    [trace] = [t for t in rep["traces"] if t["code"] == "main" and t["parent"] is None]
    branch_exits = sum(u[5] for u in trace["uops"] if "POP_JUMP" in u[1])
    # The recorded iteration (hot after 4 back edges: i == 4) did not count; every
    # i % 4 == 3 after it left the trace at the branch.
    assert branch_exits == len([i for i in range(5, 400) if i % 4 == 3])
    # Trace trees: the fourth exit there (hot after 4) recorded a side trace from the
    # branch back to the loop's head; every exit after it went on in the side trace,
    # which ends by entering the loop's trace again.
    [side] = [t for t in rep["traces"] if t["parent"] is not None]
    k = next(i for i, u in enumerate(trace["uops"]) if u[5] and "POP_JUMP" in u[1])
    assert side["parent"] == [trace["id"], k] and side["end"] == "closed"
    assert side["entries"] == branch_exits - 4
    assert "JUMP_BACKWARD" == side["instructions"][-1][3]
    assert trace["entries"] >= side["entries"]   # entered again from the side trace


def test_guard_failure_after_thousands_of_iterations(tmp_path):
    out, rep = run(tmp_path, """
        def main(values):
            total = 0
            for v in values:
                total = total + v
            return total
        print(main(list(range(3000)) + [0.5] + list(range(10))))
    """, env=_env())
    assert out == f"{sum(range(3000)) + 0.5 + sum(range(10))}\n"
    [trace] = [t for t in rep["traces"] if t["code"] == "main" and t["parent"] is None]
    guard_exits = [u for u in trace["uops"] if u[5] and u[1].startswith("_GUARD")]
    assert guard_exits, trace["uops"]


@pytest.mark.parametrize("setting", ["on", "off"])
@pytest.mark.parametrize("name", ["respecialized", "other_function", "generator_ends",
                                  "exception_in_trace", "settrace_inside", "cleared_while_running",
                                  "signal_at_back_edge", "mutated_globals_and_class"])
def test_program_output_unchanged(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s3.execute", setting, stage=3)


PROGRAMS = {
    # The site's instruction is rewritten (another class's layout) under the trace.
    "respecialized": """
        class A:
            def __init__(self): self.x = 1
        class B:
            __slots__ = ("y", "x")
            def __init__(self): self.y = 0; self.x = 2
        def main(objs):
            total = 0
            for o in objs:
                total += o.x
            return total
        print(main([A()] * 500 + [B()] * 500 + [A()] * 100))
    """,
    # The call site calls another function than the recording did.
    "other_function": """
        def inc(x): return x + 1
        def dec(x): return x - 1
        def main(fs, n):
            v = 0
            for i in range(n):
                v = fs[i % len(fs)](v)
            return v
        print(main([inc], 300), main([inc, inc, dec], 300), main([dec], 10))
    """,
    "generator_ends": """
        def gen(n):
            i = 0
            while i < n:
                yield i
                i += 1
        def main():
            total = 0
            for k in range(40):
                for x in gen(k % 7):
                    total += x
            return total
        print(main())
    """,
    "exception_in_trace": """
        def main(items):
            out = []
            for i, v in enumerate(items):
                try:
                    out.append(100 // v)
                except ZeroDivisionError:
                    out.append(None)
            return out
        print(main([1, 2, 3] * 50 + [0] + [4] * 20)[-25:])
        def deep(n):
            return deep(n + 1)
        def loop():
            for i in range(300):
                if i == 250:
                    try:
                        deep(0)
                    except RecursionError:
                        print("recursion at", i)
        loop()
    """,
    "settrace_inside": """
        import sys
        events = []
        def tracer(frame, event, arg):
            if frame.f_code.co_name in ("main", "step"):
                events.append((event, frame.f_code.co_name, frame.f_lineno))
            return tracer
        def step(i):
            return i + 1
        def main():
            n = 0
            for i in range(400):
                if i == 300:
                    sys.settrace(tracer)
                n = step(n)
                if i == 302:
                    sys.settrace(None)
            return n
        print(main(), events)
    """,
    "cleared_while_running": """
        try:
            from fivefold import _fivefold as engine
        except ImportError:
            engine = None
        def main():
            n = 0
            for i in range(3000):
                n += i
                if i % 500 == 0 and engine is not None and hasattr(engine, "clear_traces"):
                    engine.clear_traces()
            return n
        print(main(), main())
    """,
    "signal_at_back_edge": """
        import signal
        class Stop(Exception):
            pass
        def handler(signum, frame):
            raise Stop
        signal.signal(signal.SIGALRM, handler)
        def spin():
            n = 0
            while True:
                n += 1
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        try:
            spin()
        except Stop:
            print("stopped")
    """,
    "mutated_globals_and_class": """
        K = 1
        class C:
            factor = 2
        def main(n):
            global K
            total = 0
            for i in range(n):
                total += K * C.factor
                if i == 700:
                    K = 10
                if i == 900:
                    C.factor = 3
            return total
        print(main(1000))
    """,
}


def test_run_stats_show_traces_and_exits(tmp_path):
    path = tmp_path / "loop.py"
    path.write_text(textwrap.dedent(BRANCHY))
    env = dict(os.environ, FIVEFOLD_WITH="s3.execute", FIVEFOLD_HOT_LOOP="4")
    env.pop("FIVEFOLD_STAGE", None)
    proc = subprocess.run([sys.executable, "-m", "fivefold", "run", "--stats", str(path)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "100\n"
    err = proc.stderr
    assert "traces: 2 recorded from 2 recordings" in err
    assert "trace 0: loop.py:4 in main" in err and "closed, entered" in err
    assert "99x at _POP_JUMP_FORWARD_IF_FALSE_ON_BOOL (offset" in err, err
    assert "closed, side trace of trace 0, entered 95x" in err, err
