"""Stage 1's machinery: quickening, warm-up, back-off, re-specialization after
misses, the switches (stage and per change), and the statistics build."""

from __future__ import annotations

import pytest
from adaptive import STAGE1_ON, family_members, load, run_fivefold

from fivefold import _fivefold
from fivefold.generated import opcodes

pytestmark = pytest.mark.skipif(not STAGE1_ON, reason="stage 1 is switched off in this environment")

SOURCE = """
def add(a, b):
    return a + b
"""


def test_code_starts_generic_and_specializes_on_the_second_run():
    add = load(SOURCE)["add"]
    assert family_members(add, "BINARY_OP") == ["BINARY_OP"]
    add(1, 2)
    assert family_members(add, "BINARY_OP") == ["BINARY_OP"]      # warm-up
    add(1, 2)
    assert family_members(add, "BINARY_OP") == ["BINARY_OP_ADD_INT"]


def test_misses_run_the_generic_instruction_then_respecialize():
    add = load(SOURCE)["add"]
    for _ in range(3):
        assert add(2, 3) == 5
    assert family_members(add, "BINARY_OP") == ["BINARY_OP_ADD_INT"]
    # Floats now: every run misses and gives the right answer; after the
    # cool-down (52 misses) the instruction specializes again, for floats.
    results = {add(0.5, 0.25) for _ in range(60)}
    assert results == {0.75}
    assert family_members(add, "BINARY_OP") == ["BINARY_OP_ADD_FLOAT"]
    assert add("a", "b") == "ab"       # a miss: the generic instruction concatenates


def test_failed_specialization_backs_off_and_stays_correct():
    add = load(SOURCE)["add"]
    # A big int + float never specializes (stage 2's s2.float_mixed takes
    # one-digit ints only): the instruction stays generic, with longer and
    # longer back-offs, and every result is right.
    for i in range(200):
        assert add(2**40 + i, 0.5) == 2**40 + i + 0.5
    assert family_members(add, "BINARY_OP") == ["BINARY_OP"]


def test_code_as_compiled_is_unchanged_by_quickening():
    ns = load(SOURCE)
    add = ns["add"]
    before = _fivefold.code_of(add.__code__).co_code
    for _ in range(5):
        add(1, 2)
    code = _fivefold.code_of(add.__code__)
    assert code.co_code == before
    assert code.co_code_adaptive != before


def test_specialized_instructions_are_refused_as_input():
    add = load(SOURCE)["add"]
    add(1, 2)
    add(1, 2)
    quickened = _fivefold.code_of(add.__code__).co_code_adaptive
    assert opcodes.BINARY_OP_ADD_INT in quickened[::2]
    code = _fivefold.code_of(add.__code__)
    with pytest.raises(SystemError, match="specialized instruction"):
        _fivefold.make_code(add.__code__.replace(co_consts=(None,)), quickened,
                            code.co_consts, code.co_names, code.co_exceptiontable)


PROGRAM = """
def f(n):
    t = 0
    for i in range(n):
        if i < n:
            t = t + i
    return t
print(f(100))
"""


@pytest.mark.parametrize("env, expect_specialized", [
    ({"FIVEFOLD_STAGE": "0"}, False),
    ({"FIVEFOLD_STAGE": "1"}, True),
    ({"FIVEFOLD_STAGE": "1", "FIVEFOLD_WITHOUT": "s1.binary_op"}, None),
])
def test_stage_and_change_switches(tmp_path, env, expect_specialized):
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    proc = run_fivefold(["dis", "--adaptive", str(program)], **env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("4950\n")
    listing = proc.stdout
    if expect_specialized is False:
        assert "_INT" not in listing and "_BOOL" not in listing
    elif expect_specialized:
        assert "BINARY_OP_ADD_INT" in listing and "COMPARE_OP_INT" in listing
    else:   # s1.binary_op off: the others still specialize
        assert "BINARY_OP_ADD_INT" not in listing and "COMPARE_OP_INT" in listing


def test_bad_switch_is_a_clear_error(tmp_path):
    proc = run_fivefold(["run", "-c", "pass"], FIVEFOLD_WITHOUT="s1.no_such_change")
    assert proc.returncode != 0
    assert "unknown change id(s): s1.no_such_change" in proc.stderr


def test_enabled_changes_follow_the_registry():
    proc = run_fivefold(["run", "-c", "from fivefold import _fivefold; print(_fivefold.enabled_changes())"],
                        FIVEFOLD_STAGE="1", FIVEFOLD_WITHOUT="s1.call,s1.truth")
    ids = eval(proc.stdout)
    assert "s1.binary_op" in ids and "s1.call" not in ids and "s1.truth" not in ids


# host_only: the variant is a venv of its own, and under qemu-user the emulated
# interpreter cannot start the venv's aarch64 python ("Exec format error").
@pytest.mark.slow
@pytest.mark.host_only
def test_statistics_build_counts_hits_misses_deopts_and_failures(tmp_path):
    """A statistics build (meson option stats=true, built and cached by the
    harness) counts per family; `fivefold run --stats` prints the counts."""
    import subprocess

    from fivefold.harness import variants

    python = variants.ensure_variant({"stats": "true"})
    program = tmp_path / "prog.py"
    program.write_text(
        "def add(a, b):\n    return a + b\n"
        "for i in range(100):\n    add(i, 1)\n"          # specializes for ints
        "for i in range(100):\n    add(0.5, 0.5)\n"      # misses, then re-specializes
        "for i in range(100):\n    add(i, 0.5)\n")       # int + float: fails to specialize
    proc = subprocess.run([str(python), "-m", "fivefold", "run", "--stats", str(program)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    code = ("from fivefold import _fivefold, compiler\n"
            "from fivefold.runtime import program\n"
            f"src = open({str(program)!r}).read()\n"
            "exec(compiler.compile_source(src.encode(), 'p'), {'__name__': 'p'})\n"
            "print(repr(_fivefold.specialization_stats()['BINARY_OP']))\n")
    stats = subprocess.run([str(python), "-c", code], capture_output=True, text=True, timeout=600)
    assert stats.returncode == 0, stats.stderr
    s = eval(stats.stdout)
    assert s["specialized_runs"] >= 150
    assert s["misses"] >= 52
    assert s["deopts"] >= 1
    assert s["successes"] >= 2
    assert s["failure_kinds"].get("operands of different types", 0) >= 1
    assert "specialization (stage 1), per family:" in proc.stderr
    assert "BINARY_OP" in proc.stderr and "failure: operands of different types" in proc.stderr


# A program with a hot site for every family: each change switched off must leave
# its families generic while the others still specialize.
EVERY_FAMILY = """
import types
mod = types.ModuleType("m")
mod.k = 1

class P:
    def __init__(self, x):
        self.x = x
    def get(self):
        return self.x

def work(n):
    total = 0
    items = [1, 2, 3]
    table = {"a": 1}
    p = P(1)
    for i in range(n):
        pair = (i, 2)
        a, b = pair
        if a < n:
            total = total + items[0] + table["a"] + p.x + p.get() + len(items) + mod.k
        items[0] = b
        p.x = a
    return total

print(work(50))
"""

FAMILIES_OF = {
    "s1.binary_op": ["BINARY_OP"],
    "s1.compare_op": ["COMPARE_OP"],
    "s1.truth": ["POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_FORWARD_IF_TRUE",
                 "POP_JUMP_BACKWARD_IF_FALSE", "POP_JUMP_BACKWARD_IF_TRUE"],
    "s1.load_attr": ["LOAD_ATTR", "LOAD_METHOD"],
    "s1.store_attr": ["STORE_ATTR"],
    "s1.load_global": ["LOAD_GLOBAL"],
    "s1.subscr": ["BINARY_SUBSCR", "STORE_SUBSCR"],
    "s1.call": ["CALL"],
    "s1.for_iter": ["FOR_ITER"],
    "s1.unpack_sequence": ["UNPACK_SEQUENCE"],
}


def _members(families: list[str]) -> set[str]:
    from fivefold.generated import opcodes

    return {opcodes.opname[m] for f in families for m in opcodes.FAMILIES.get(opcodes.opmap[f], ())}


def _listing_names(listing: str) -> set[str]:
    return {word for line in listing.splitlines() for word in line.split() if word.isupper()}


def test_quickening_alone_runs_the_adaptive_loop_and_every_family_brings_it():
    show = "from fivefold import _fivefold; print(_fivefold.enabled_changes())"
    alone = run_fivefold(["run", "-c", show], FIVEFOLD_STAGE="0", FIVEFOLD_WITH="s1.quickening")
    assert eval(alone.stdout) == ["s1.quickening"], alone.stderr
    family = run_fivefold(["run", "-c", show], FIVEFOLD_STAGE="0", FIVEFOLD_WITH="s1.call")
    assert sorted(eval(family.stdout)) == ["s1.call", "s1.quickening"], family.stderr
    tier0 = run_fivefold(["run", "-c", show], FIVEFOLD_STAGE="0")
    assert eval(tier0.stdout) == [], tier0.stderr
    kept = run_fivefold(["run", "-c", show], FIVEFOLD_STAGE="1", FIVEFOLD_WITHOUT="s1.quickening")
    assert "s1.quickening" in eval(kept.stdout)   # required by the families still on


def test_quickening_alone_specializes_nothing(tmp_path):
    program = tmp_path / "every.py"
    program.write_text(EVERY_FAMILY)
    proc = run_fivefold(["dis", "--adaptive", str(program)], FIVEFOLD_STAGE="0", FIVEFOLD_WITH="s1.quickening")
    assert proc.returncode == 0, proc.stderr
    every_member = set().union(*(_members(f) for f in FAMILIES_OF.values()))
    assert not _listing_names(proc.stdout) & every_member


def test_every_change_is_registered_with_its_families():
    assert {c for c in _fivefold.enabled_changes()} >= set(FAMILIES_OF) | {"s1.superinstructions"}


@pytest.mark.parametrize("change", sorted(FAMILIES_OF))
def test_each_change_specializes_and_its_switch_turns_it_off(tmp_path, change):
    program = tmp_path / "every.py"
    program.write_text(EVERY_FAMILY)
    members = _members(FAMILIES_OF[change])
    on = run_fivefold(["dis", "--adaptive", str(program)], FIVEFOLD_STAGE="1", FIVEFOLD_WITHOUT=None)
    off = run_fivefold(["dis", "--adaptive", str(program)], FIVEFOLD_STAGE="1", FIVEFOLD_WITHOUT=change)
    for proc in (on, off):
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(on.stdout.splitlines()[0] + "\n")
    assert _listing_names(on.stdout) & members, f"{change}: no specialized member in the listing"
    assert not _listing_names(off.stdout) & members, f"{change} off, yet its members appear"
    others = set().union(*(_members(f) for c, f in FAMILIES_OF.items() if c != change))
    assert _listing_names(off.stdout) & others   # the other changes are still on
