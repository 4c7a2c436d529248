"""s3.record: hot loops recorded into traces of micro-ops (stage3/vm/record.c).

Each program runs under `fivefold run` with the recorder on and a low hotness
threshold, then reads what was recorded from fivefold._fivefold.traces() and
trace_stats() and prints it as JSON; the tests check the traces against the
program's own code (which instructions, at which depth, which branch was
taken, how the trace ended) and the drops against what the program did. The
programs themselves must print what CPython prints with the recorder on and
off (assert_same_with_change), including the ones that switch tracing on in a
recorded iteration, raise in one, or run loops in two threads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from differential import assert_same_with_change

REPORT = """
import json as _json
from fivefold import _fivefold as _ff
def _plain(t):
    return {"id": t["id"], "code": t["code"].co_qualname, "head": t["head"], "end": t["end"],
            "link": t["link"],
            "instructions": [[d, c.co_qualname, u, n, a, j] for d, c, u, n, a, j, _ in t["instructions"]],
            "uops": [[d, n, a, c.co_qualname, u, x] for d, n, a, c, u, x in t["uops"]],
            "entries": t["entries"], "parent": t["parent"], "removed": t["removed"],
            "peeled": t["peeled"],
            "recorded": [list(r) for *_, r in t["instructions"]]}
_traces, _stats = _ff.traces(), _ff.trace_stats()   # before this code's own loops record
print("REPORT " + _json.dumps({"traces": [_plain(t) for t in _traces],
                               "stats": _stats, "changes": _ff.enabled_changes()}))
"""


def run(tmp_path, source: str, hot: int = 4, env: dict | None = None, name="prog.py"):
    """The program's output and what it recorded."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(source) + REPORT)
    environ = {"FIVEFOLD_WITH": "s3.record", "FIVEFOLD_HOT_LOOP": str(hot),
               "PYTHONHASHSEED": "0"}
    full = dict(os.environ)
    full.pop("FIVEFOLD_STAGE", None)
    full.update(environ)
    full.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "fivefold", "run", str(path)], cwd=tmp_path,
                          env=full, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out, _, report = proc.stdout.rpartition("REPORT ")
    return out, json.loads(report)


def names(trace, depth=None):
    return [i[3] for i in trace["instructions"] if depth is None or i[0] == depth]


LOOP = """
    class P:
        def __init__(self, x):
            self.x = x
    def f(p, i):
        return p.x + i
    def main():
        total = 0
        p = P(3)
        for i in range(200):
            total += f(p, i)
        return total
    print(main())
"""


def test_hot_loop_is_recorded_through_a_call(tmp_path):
    out, rep = run(tmp_path, LOOP)
    assert out == f"{sum(3 + i for i in range(200))}\n"
    assert "s3.record" in rep["changes"]
    [trace] = [t for t in rep["traces"] if t["code"] == "main"]
    assert trace["end"] == "closed" and trace["link"] is None
    ins = trace["instructions"]
    # It starts at the head (the FOR_ITER) and ends with the back edge to it.
    assert ins[0][3].startswith("FOR_ITER") and ins[0][2] == trace["head"]
    assert ins[-1][3] == "JUMP_BACKWARD" and ins[-1][0] == 0
    # f's body ran inline at depth 1, specialized as it ran, up to its return.
    callee = [i for i in ins if i[0] == 1]
    assert callee and {i[1] for i in callee} == {"f"}
    assert callee[-1][3] == "RETURN_VALUE"
    assert "LOAD_ATTR_INSTANCE_VALUE" in names(trace, 1)
    assert any(n.startswith("CALL_PY") for n in names(trace, 0))
    # Every instruction's micro-ops, in order, each naming its instruction's unit.
    targets = [(u[0], u[3], u[4]) for u in trace["uops"]]
    assert [k for i, k in enumerate(targets) if i == 0 or targets[i - 1] != k] == \
        [(i[0], i[1], i[2]) for i in ins]
    assert "_GUARD_TYPE_VERSION" in [u[1] for u in trace["uops"]]
    assert rep["stats"]["traces"] == len(rep["traces"]) and rep["stats"]["uops"] >= len(ins)


def test_branch_direction_is_recorded(tmp_path):
    out, rep = run(tmp_path, """
        def main(flag):
            n = 0
            for i in range(100):
                if flag:
                    n += 100
                n += 1
            return n
        print(main(False), main(True))
    """)
    assert out == "100 10100\n"
    [trace] = [t for t in rep["traces"] if t["code"] == "main"]   # one head, one trace
    ins = trace["instructions"]
    branches = [i for i in ins if "POP_JUMP" in i[3]]
    assert branches, names(trace)
    # Recorded on the first call (flag False): the `if` jumped over `n += 100`.
    assert all(b[5] for b in branches)
    assert "LOAD_CONST" in names(trace) and ins[-1][3] == "JUMP_BACKWARD"
    # The flag agrees with where the next instruction is.
    for a, b in zip(ins, ins[1:]):
        if "POP_JUMP" in a[3] and a[0] == b[0]:
            assert a[5] == (b[2] != a[2] + 1)


def test_generator_resumed_in_the_loop_is_followed(tmp_path):
    out, rep = run(tmp_path, """
        def gen(n):
            i = 0
            while i < n:
                yield i * 2
                i += 1
        def main():
            total = 0
            for x in gen(300):
                total += x
            return total
        print(main())
    """)
    assert out == f"{sum(i * 2 for i in range(300))}\n"
    [trace] = [t for t in rep["traces"] if t["code"] == "main"]
    assert trace["end"] == "closed"
    assert names(trace)[0] == "FOR_ITER_GEN"
    assert "YIELD_VALUE" in names(trace, 1)
    assert {i[1] for i in trace["instructions"] if i[0] == 1} == {"gen"}
    # gen's own loop yields in its frame: its recordings are dropped, then it is given up.
    assert rep["stats"]["aborted"].get("left the loop's frame", 0) == 4
    assert rep["stats"]["blacklisted"] == 1


def test_inner_loop_trace_is_linked(tmp_path):
    out, rep = run(tmp_path, """
        def main():
            n = 0
            for i in range(30):
                for j in range(50):
                    n += j
            return n
        print(main())
    """, hot=8)
    assert out == f"{30 * sum(range(50))}\n"
    by_head = {t["head"]: t for t in rep["traces"]}
    assert len(by_head) == 2
    inner, outer = sorted(by_head.values(), key=lambda t: t["id"])
    assert inner["end"] == "closed"
    assert outer["end"] == "linked" and outer["link"] == inner["id"]
    assert outer["head"] < inner["head"]


def test_drops_are_counted_and_loops_given_up(tmp_path):
    out, rep = run(tmp_path, """
        def raising():
            n = 0
            for i in range(200):
                try:
                    {}[i]              # raised by a subscript: an exception
                except KeyError:
                    n += 1
            return n
        def raise_statement():
            n = 0
            for i in range(200):
                try:
                    raise KeyError(i)  # RAISE_VARARGS: an instruction traces leave to
                except KeyError:
                    n += 1
            return n
        def long_body():
            n = 0
            for i in range(200):
                n += i; n -= 1; n += 2; n *= 1; n += i; n -= i
            return n
        print(raising(), raise_statement(), long_body())
    """, env={"FIVEFOLD_TRACE_LENGTH": "10"})
    assert out == f"200 200 {sum(i + 1 for i in range(200))}\n"
    aborted = rep["stats"]["aborted"]
    assert aborted["exception raised"] == 4 and aborted["too long"] == 4
    assert aborted["unsupported instruction"] == 4
    assert rep["stats"]["blacklisted"] == 3 and rep["stats"]["recordings"] == 12
    assert rep["traces"] == []


def test_store_limit_evicts_the_least_entered_trace(tmp_path):
    source = """
        def a():
            return sum([i for i in range(100)])
        def b(n):
            t = 0
            for i in range(n):
                t += i
            return t
        print(a(), [b(100) for _ in range(20)][-1])
    """
    out, rep = run(tmp_path, source, env={"FIVEFOLD_TRACE_LIMIT": "1", "FIVEFOLD_WITH": "s3.execute"})
    assert out == "4950 4950\n"
    # The list comprehension's loop was traced first and never entered again; b's
    # loop, hot later, took its place; then b's trace ran on every call.
    [kept] = rep["traces"]
    assert kept["code"] == "b" and kept["id"] == 1 and kept["entries"] == 20
    assert rep["stats"]["evicted"] == 1 and rep["stats"]["traces"] == 1
    out, rep = run(tmp_path, source, env={"FIVEFOLD_TRACE_LIMIT": "0"})
    assert out == "4950 4950\n" and rep["traces"] == []
    assert rep["stats"]["aborted"]["not started: trace limit 0"] >= 2


def test_recorder_is_off_by_default(tmp_path):
    out, rep = run(tmp_path, LOOP, env={"FIVEFOLD_WITH": ""})
    assert "s3.record" not in rep["changes"]
    assert rep["traces"] == [] and rep["stats"]["recordings"] == 0


def test_clear_traces(tmp_path):
    out, rep = run(tmp_path, textwrap.dedent(LOOP) + """
from fivefold import _fivefold
assert _fivefold.traces()
_fivefold.clear_traces()
assert _fivefold.traces() == [] and _fivefold.trace_stats()["recordings"] == 0
print(main())
assert len(_fivefold.traces()) == 1   # recorded again
""")
    assert len(rep["traces"]) == 1


@pytest.mark.parametrize("knob,value", [("FIVEFOLD_HOT_LOOP", "0"), ("FIVEFOLD_HOT_LOOP", "x"),
                                        ("FIVEFOLD_TRACE_LENGTH", "100000")])
def test_bad_knob_is_one_clear_error(tmp_path, knob, value):
    path = tmp_path / "p.py"
    path.write_text("print(1)\n")
    env = dict(os.environ, FIVEFOLD_WITH="s3.record", **{knob: value})
    proc = subprocess.run([sys.executable, "-m", "fivefold", "run", str(path)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert f"{knob}={value}: expected a whole number" in proc.stderr


# Programs whose output must not change with the recorder on (every loop hot
# after one back edge: the stage's corpus setting) or off.
PROGRAMS = {
    "settrace_in_recorded_iteration": """
        import sys
        events = []
        def tracer(frame, event, arg):
            if frame.f_code.co_name == "main":
                events.append((event, frame.f_lineno))
            return tracer
        def main():
            n = 0
            for i in range(6):
                if i == 3:
                    sys.settrace(tracer)
                n += i
            sys.settrace(None)
            return n
        print(main(), events)
    """,
    "profile_switched_on_in_a_callee": """
        import sys
        seen = []
        def prof(frame, event, arg):
            seen.append((event, frame.f_code.co_name))
        def leaf(i):
            if i == 5:
                sys.setprofile(prof)
            return i
        def main():
            return sum(leaf(i) for i in range(8)) + sum([leaf(i) for i in range(3)])
        print(main())
        sys.setprofile(None)
        print(seen)
    """,
    "exception_at_every_kind_of_step": """
        def main(values):
            out = []
            for v in values:
                try:
                    out.append(10 // v + len(v) if isinstance(v, str) else 10 // v)
                except (ZeroDivisionError, TypeError) as e:
                    out.append(type(e).__name__)
            return out
        print(main([1, 2, 0, 5, "a", 3, None, 4]))
    """,
    "types_change_after_many_iterations": """
        def main(items):
            total = 0
            for x in items:
                total = total + x
            return total
        print(main(list(range(100)) + [0.5, 1.5]), main([1.0] * 50 + [2] * 50))
        class Weird(int):
            def __add__(self, other):
                return "weird"
        print(main([1, 2, 3, Weird(4)]))
    """,
    "loop_calls_through_c": """
        def key(x):
            return -x
        def main():
            rows = []
            for i in range(20):
                rows.append(sorted(range(i % 5), key=key))
                rows.append(list(map(key, range(3))))
            return rows[-2:]
        print(main())
    """,
    "generator_loops_and_early_exit": """
        def gen(n):
            for i in range(n):
                yield i
        def main():
            total = 0
            for i, x in enumerate(gen(50)):
                if x == 40:
                    break
                total += x
            return total, list(gen(3))
        print(main())
    """,
    "threads_with_hot_loops": """
        import threading
        results = {}
        def work(name, n):
            total = 0
            for i in range(n):
                total += i % 7
            results[name] = total
        ts = [threading.Thread(target=work, args=(k, 20000)) for k in range(4)]
        for t in ts: t.start()
        for t in ts: t.join()
        print(sorted(results.items()))
    """,
    "deep_recursion_in_loop": """
        import sys
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)
        def main():
            return [depth(i) for i in range(0, 60, 3)]
        print(main())
        sys.setrecursionlimit(200)
        def blow(n):
            return blow(n + 1)
        for i in range(3):
            try:
                blow(0)
            except RecursionError:
                print("recursion", i)
    """,
    "coroutine_in_loop": """
        import asyncio
        async def one(i):
            await asyncio.sleep(0)
            return i
        async def main():
            total = 0
            for i in range(30):
                total += await one(i)
            return total
        print(asyncio.run(main()))
    """,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("setting", ["on", "off"])
def test_program_output_unchanged(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s3.record", setting, stage=3)


def test_dis_traces_command(tmp_path):
    path = tmp_path / "loops.py"
    path.write_text(textwrap.dedent(LOOP))
    proc = subprocess.run([sys.executable, "-m", "fivefold", "dis", "--traces", "--hot-loop", "8",
                           str(path)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith(f"{sum(3 + i for i in range(200))}\n")   # the program ran first
    assert "trace 0: loop at loops.py:10 in main" in out and "closed: back at its head" in out
    assert "for i in range(200):" in out and "return p.x + i" in out   # source lines
    assert "    | " in out                                            # f's body, inlined
    assert "_GUARD_TYPE_VERSION" in out and "LOAD_ATTR_INSTANCE_VALUE" in out
    assert "traces: 1 recorded from 1 recordings" in out
    assert "hot after 8 back edges" in out


def test_dis_traces_option_errors(tmp_path):
    path = tmp_path / "p.py"
    path.write_text("print(1)\n")
    proc = subprocess.run([sys.executable, "-m", "fivefold", "dis", "--hot-loop", "8", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--hot-loop needs --traces" in proc.stderr
