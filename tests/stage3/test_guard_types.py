"""s3.guard_types: guards a trace already proved are left out (stage3/vm/guard_types.c).

What must be removed: an int, float or str member's guard whose two values an
earlier instruction of the same trace proved (a constant, a local stored with a
proved type, the result of a member, a range's item), and, in the copy of the
iteration the loop runs after the peeled first one, a guard on a value the
iteration before stored with a proved type. What must stay: a guard on a value
that enters the trace from a local it did not store, on a subclass instance,
on a bool constant (bool is not exactly int), and every guard after a step the
pass cannot follow (a store fused into the instruction before it). The programs must print what
CPython prints with the pass on and off, including when a local's type changes
inside an iteration or between runs of the trace."""

from __future__ import annotations

import textwrap

import pytest
from differential import assert_same_with_change
from test_record import run


def _trace(rep, code="main"):
    [trace] = [t for t in rep["traces"] if t["code"] == code and t["parent"] is None]
    return trace


def _uops_by_instruction(trace):
    """Each instruction's micro-ops after the passes (the micro-ops come in the
    instructions' order, each naming its instruction's unit)."""
    pending = list(reversed(trace["uops"]))
    result = []
    for ins in trace["instructions"]:
        at = (ins[0], ins[1], ins[2])
        kept = []
        while pending and (pending[-1][0], pending[-1][3], pending[-1][4]) == at:
            kept.append(pending.pop()[1])
        result.append(kept)
    return result


def _guards(trace, opname, loop=False):
    """(kept, recorded) guard names of the first instruction named opname: in the
    first iteration, or (loop) in the copy the loop runs after the peeled one."""
    start = trace["peeled"] if loop else 0
    kept_all = _uops_by_instruction(trace)
    for i in range(start, len(trace["instructions"])):
        if trace["instructions"][i][3] == opname:
            return ([g for g in kept_all[i] if g.startswith("_GUARD")],
                    [g for g in trace["recorded"][i] if g.startswith("_GUARD")])
    raise AssertionError(f"no {opname} in {trace['instructions']}")


def test_proved_guards_are_removed_and_unproved_ones_stay(tmp_path):
    out, rep = run(tmp_path, """
        def main(n):
            total = 0
            x = 0.5
            for i in range(n):
                k = i * 2 + 1          # i: a range's item; 2, 1: constants
                total += k - i         # k - i proved; total enters from the back edge
                x = x * 1.0001 + 1.0   # x enters from the back edge; the product is a float
            return total, x
        print(main(300))
    """, env={"FIVEFOLD_WITH": "s3.guard_types"})
    assert out.startswith(f"({sum(i + 1 for i in range(300))}, ")
    trace = _trace(rep)
    n = trace["peeled"]
    assert n is not None and len(trace["instructions"]) == 2 * n   # one iteration peeled
    assert trace["instructions"][:n] == trace["instructions"][n:]
    # The first iteration: what it computes itself is proved.
    assert _guards(trace, "BINARY_OP_MULTIPLY_INT") == ([], ["_GUARD_BOTH_INT"])
    assert _guards(trace, "BINARY_OP_SUBTRACT_INT") == ([], ["_GUARD_BOTH_INT"])
    assert _guards(trace, "BINARY_OP_MULTIPLY_FLOAT") == (["_GUARD_BOTH_FLOAT"],) * 2
    assert _guards(trace, "BINARY_OP_ADD_FLOAT") == ([], ["_GUARD_BOTH_FLOAT"])
    kept = _uops_by_instruction(trace)
    adds = [i for i in range(n) if trace["instructions"][i][3] == "BINARY_OP_ADD_INT"]
    assert len(adds) == 2 and "_GUARD_BOTH_INT" in kept[adds[1]]   # total: from the loop's start
    # The loop's copy: total and x were stored with proved types by the iteration
    # before, so their guards go too (loop-invariant guards hoisted by peeling).
    assert _guards(trace, "BINARY_OP_MULTIPLY_FLOAT", loop=True) == ([], ["_GUARD_BOTH_FLOAT"])
    assert "_GUARD_BOTH_INT" not in kept[n + adds[1]]
    assert trace["removed"] == 4 + 6
    # Each micro-op still names its instruction; the trace ran.
    assert trace["entries"] >= 1
    assert len(trace["uops"]) == sum(map(len, trace["recorded"])) - trace["removed"]


def test_pass_off_removes_nothing(tmp_path):
    out, rep = run(tmp_path, """
        def main(n):
            t = 0
            for i in range(n):
                t += i * 2
            return t
        print(main(100))
    """, env={"FIVEFOLD_WITH": "s3.execute"})
    assert out == "9900\n"
    assert _trace(rep)["removed"] == 0 and _trace(rep)["peeled"] is None


def test_bool_constant_and_subclass_keep_their_guards(tmp_path):
    out, rep = run(tmp_path, """
        class Int(int):
            pass
        def main(n):
            t = 0
            one = Int(1)
            for i in range(n):
                t = (i + True) + (i * one)
            return t
        print(main(100))
    """, env={"FIVEFOLD_WITH": "s3.guard_types"})
    assert out == f"{99 + 1 + 99}\n"
    trace = _trace(rep)
    # i + True: bool is not exactly int, in the first iteration or the loop's copy.
    assert _guards(trace, "BINARY_OP_ADD_INT")[0] == ["_GUARD_BOTH_INT"]
    assert _guards(trace, "BINARY_OP_ADD_INT", loop=True)[0] == ["_GUARD_BOTH_INT"]


PROGRAMS = {
    "type_changes_inside_an_iteration": """
        def main(n):
            out = []
            for i in range(n):
                v = i * 3
                w = v + 1
                if i % 50 == 49:
                    v = str(i)
                    w = v + "!"
                out.append(w)
            return out[-3:]
        print(main(300))
    """,
    "types_change_between_runs": """
        def f(a, b, n):
            s = a
            for i in range(n):
                s = s + b
            return s
        print(f(0, 1, 500), f(0.5, 0.25, 500), f("", "ab", 200)[:6], f(10**30, 1, 100))
    """,
    "fused_string_concat": """
        def main(n):
            s = ""
            t = 0
            for i in range(n):
                s += "x"
                t = t + len(s) * 2
            return len(s), t
        print(main(500))
    """,
    "overflowing_ints_and_floats": """
        def main(n):
            a = 1
            x = 1.5
            for i in range(n):
                a = a * 3 + i
                x = x * 1.5 - i * 0.5
            return a % 1000003, x
        print(main(200))
    """,
    "calls_and_generators_in_the_loop": """
        def sq(v):
            w = v * v
            return w + 1
        def gen(n):
            for i in range(n):
                yield i * 2
        def main(n):
            t = 0
            for x in gen(n):
                t += sq(x) - x * 3
            return t
        print(main(400))
    """,
}


@pytest.mark.parametrize("setting", ["on", "off"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_output_unchanged(tmp_path, name, setting):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(PROGRAMS[name]))
    assert_same_with_change(path, "s3.guard_types", setting, stage=3)
