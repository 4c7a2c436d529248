"""s2.c_entry: a frame C code runs enters stage 2's loop through stage 2's own
PEP 523 entry: the C stack guard's limit kept for the thread state that last
entered (no thread-local look-up per entry), the loop called directly, the
frame's Code taken without repeating the entry's checks.

Nothing a program sees may change. Programs that enter fivefold frames from C
in every way (generators resumed by list/sorted/set/sum/str.join, map and
sorted(key=...) callbacks, __eq__/__hash__/__lt__/__repr__ slots, properties,
__init__ run by type_call, threads taking turns) run under CPython, at stage 2,
and at stage 2 with the change off: all three must print the same, the depth at
which RecursionError strikes included. The C stack guard must still stop a
runaway C recursion under a huge recursion limit with RecursionError (CPython
3.11 crashes there, so it is not the reference for those), in the main thread,
in threads with small stacks and in threads that take turns with others (the
kept range belongs to the last thread state: another one takes the guard's
thread-local way)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from differential import assert_same_with_change, run_fivefold

PROGRAMS_DIR = Path(__file__).resolve().parents[1] / "programs"

PROGRAMS = {
    "recursion_limits": (PROGRAMS_DIR / "calls_in_loop" / "recursion_limits.py").read_text(),
    "recursion_depths": (PROGRAMS_DIR / "calls_in_loop" / "recursion_depths.py").read_text(),
    "generator_resumption": (PROGRAMS_DIR / "calls_in_loop" / "generator_resumption.py").read_text(),
    "recursion_in_comparisons": (PROGRAMS_DIR / "recursion" / "recursion_error_in_comparisons.py").read_text(),
    "recursion_in_methods_and_repr": (PROGRAMS_DIR / "recursion" / "recursion_in_methods_and_repr.py").read_text(),
    "recursion_in_generator": (PROGRAMS_DIR / "recursion" / "recursion_error_in_generator.py").read_text(),
    "recursion_limit_changed": (PROGRAMS_DIR / "recursion" / "recursion_limit_changed.py").read_text(),
    "entered_from_c": """
        import functools, sys, threading

        # Generators resumed by C (gen_iternext), values and exceptions.
        def squares(n):
            for i in range(n):
                yield i * i
        print(list(squares(10)), sorted(squares(5), reverse=True), set(squares(4)),
              sum(squares(100)), ",".join(str(v) for v in squares(6)), max(squares(7)))
        print(tuple(x for x in "abc"), dict((k, len(k)) for k in ("a", "bb")))
        def raising():
            yield 1
            raise KeyError("inside")
        try:
            list(raising())
        except KeyError as e:
            print("KeyError", e)
        def stops():
            yield 1
            raise StopIteration
        try:
            list(stops())
        except RuntimeError as e:
            print("RuntimeError", e, type(e.__cause__).__name__)
        g = squares(3)
        print(next(g), g.send(None), list(g), list(g))

        # Callbacks from C functions, slots, properties, __init__ through type_call.
        print(list(map(lambda a, b: a * b, range(5), range(5, 10))),
              sorted(["bb", "a", "ccc"], key=len), list(filter(lambda v: v % 2, range(9))),
              functools.reduce(lambda a, b: a + b, range(10)))

        class P:
            def __init__(self, v):
                self.v = v
            def __eq__(self, other):
                return isinstance(other, P) and self.v == other.v
            def __hash__(self):
                return hash(self.v)
            def __lt__(self, other):
                return self.v < other.v
            def __repr__(self):
                return f"P({self.v})"
            @property
            def double(self):
                return self.v * 2
        ps = [P(3), P(1), P(2), P(1)]
        print(sorted(ps), len(set(ps)), P(1) in ps, ps.index(P(2)), [p.double for p in ps])
        print(getattr(P(5), "double"), list(map(P, range(3))), min(ps), str(ps))

        class Sub(P):
            def __init__(self, v):
                super().__init__(v + 100)
        print(list(map(Sub, range(2))), Sub(1) == P(101))

        # Recursion through C at the default limit: map, a slot, a generator.
        def mixed(n):
            return list(map(mixed, [n + 1]))
        try:
            mixed(0)
        except RecursionError as e:
            print("RecursionError map:", e)
        class Loop:
            def __eq__(self, other):
                return self == other
        try:
            Loop() == Loop()
        except RecursionError as e:
            print("RecursionError eq")
        def gens(n):
            yield from list(gens(n + 1))
        try:
            list(gens(0))
        except RecursionError as e:
            print("RecursionError gen:", e)
        print("after", list(squares(3)))

        # Threads taking turns entering from C, and recursing in each.
        out = {}
        def work(name):
            try:
                mixed(0)
            except RecursionError:
                out[name] = sum(squares(50)) + len(sorted(ps))
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(sorted(out.items()))
        print("main again", sum(squares(10)))
    """,
}


@pytest.mark.parametrize("name", PROGRAMS)
@pytest.mark.parametrize("setting", ["on", "off"])
def test_same_as_cpython(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s2.c_entry", setting)


# Runaway C recursion under a huge recursion limit: only the C stack guard stops
# it (CPython 3.11 overflows its C stack). Each way of entering from C, in the
# main thread, then in threads with small stacks taking turns.
RUNAWAY = """
    import sys, threading
    sys.setrecursionlimit(10**7)

    def through_map(n):
        return list(map(through_map, [n + 1]))
    class Eq:
        def __eq__(self, other):
            return self == other
    def through_eq(n):
        return Eq() == Eq()
    def gens(n):
        # [*g] iterates g from C (LIST_EXTEND); list(g) would run it in the
        # loop (s2.collect_generators), with no C entry to guard
        yield from [*gens(n + 1)]
    def through_generators(n):
        return list(gens(n))
    class Init:
        def __init__(self, n):
            self.inner = list(map(Init, [n + 1]))
    def through_init(n):
        return Init(n)
    WAYS = [through_map, through_eq, through_generators, through_init]

    lines = []  # printed at the end: threads' prints interleave mid-line

    def run_all(tag):
        for way in WAYS:
            try:
                way(0)
            except RecursionError as e:
                lines.append(f"{tag} {way.__name__} RecursionError: {e}")
            # the same thread enters again, from a shallow stack
            lines.append(f"{tag} after {sum(i for i in range(10))}")

    run_all("main")
    threading.stack_size(1 << 20)
    def in_thread(i):
        run_all(f"thread{i}")
    threads = [threading.Thread(target=in_thread, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    run_all("main")
    print("\\n".join(lines))
    print("alive")
"""


@pytest.mark.parametrize("setting", ["on", "off"])
def test_c_stack_guard_stops_runaway_c_recursion(tmp_path, setting):
    path = tmp_path / "runaway.py"
    path.write_text(textwrap.dedent(RUNAWAY))
    env = {"FIVEFOLD_WITHOUT": "s2.c_entry"} if setting == "off" else None
    result = run_fivefold(path, [], stage=2, env=env)
    assert result.exit_code == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[-1] == "alive"
    # 4 ways, in main twice and in 3 threads: each stopped, and each thread
    # entered again afterwards.
    errors = [line for line in lines if "RecursionError: maximum recursion depth exceeded" in line]
    assert len(errors) == 4 * 5, result.stdout[-3000:]
    assert sum(1 for line in lines if line.endswith("after 45")) == 4 * 5


def _default_entry(setting: str, stage: int = 2) -> str:
    env_prefix = {"FIVEFOLD_STAGE": str(stage)}
    if setting == "off":
        env_prefix["FIVEFOLD_WITHOUT"] = "s2.c_entry"
    import os
    env = {**os.environ, **env_prefix}
    env.pop("FIVEFOLD_WITH", None)
    if setting != "off":
        env.pop("FIVEFOLD_WITHOUT", None)
    proc = subprocess.run([sys.executable, "-c", "import fivefold._fivefold as f; print(f.default_entry())"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_switch():
    # On: frames entered from C take stage 2's own entry; off, or at stage 1
    # (stage 2's loop not running), the base VM's.
    assert _default_entry("on") == "False"
    assert _default_entry("off") == "True"
    assert _default_entry("on", stage=1) == "True"
