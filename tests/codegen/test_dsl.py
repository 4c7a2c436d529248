"""The generator on small DSL inputs: the exact C it writes, and its errors."""

import textwrap

import pytest

from cases_generator import analysis, parser, write_c, write_py
from cases_generator.parsed import DSLError

SMALL = """
// three instructions: a plain one, a variable one, a conditional jump
inst(BINARY_OP, (lhs, rhs -- res)) {
    res = ops[oparg](lhs, rhs);
    DECREF_INPUTS();
    ERROR_IF(res == NULL, error);
}
inst(BUILD_LIST, (values[oparg] -- list)) {
    list = steal(values, oparg);
    ERROR_IF(list == NULL, error);
}
inst(JUMP_IF_TRUE_OR_POP, (cond --), jump (cond -- cond)) {
    int truth = PyObject_IsTrue(cond);
    if (truth < 0) {
        goto error;
    }
    if (truth) {
        JUMP_FORWARD_BY(oparg);
    }
    Py_DECREF(cond);
}
inst(NOP, (--)) {
}
"""

EXPECTED_CASES = """\
TARGET(NOP) {
    {
    }
    DISPATCH();
}

TARGET(BINARY_OP) {
    PyObject *rhs = stack_pointer[-1];
    PyObject *lhs = stack_pointer[-2];
    PyObject *res;
    {
#line 4 "test.def"
        res = ops[oparg](lhs, rhs);
        FF_DECREF_INPUT(lhs); FF_DECREF_INPUT(rhs);
        if (res == NULL) { STACK_SHRINK(2); goto error; }
#line 24 "shared/vm/generated/cases.c.h"
    }
    STACK_SHRINK(1);
    stack_pointer[-1] = res;
    DISPATCH();
}

TARGET(BUILD_LIST) {
    PyObject **values = stack_pointer - (oparg);
    PyObject *list;
    {
#line 9 "test.def"
        list = steal(values, oparg);
        if (list == NULL) { STACK_SHRINK(oparg); goto error; }
#line 38 "shared/vm/generated/cases.c.h"
    }
    STACK_GROW(-oparg + 1);
    stack_pointer[-1] = list;
    DISPATCH();
}

TARGET(JUMP_IF_TRUE_OR_POP) {
    PyObject *cond = stack_pointer[-1];
    {
#line 13 "test.def"
        int truth = PyObject_IsTrue(cond);
        if (truth < 0) {
            goto error;
        }
        if (truth) {
            { JUMPBY(oparg); DISPATCH(); }
        }
        Py_DECREF(cond);
#line 57 "shared/vm/generated/cases.c.h"
    }
    STACK_SHRINK(1);
    DISPATCH();
}
"""


def _analyze(text):
    return analysis.analyze(parser.parse(textwrap.dedent(text), "test.def"))


def test_exact_cases_for_a_small_input():
    result = _analyze(SMALL)
    cases = write_c.generated_cases(result)
    assert cases[cases.index("TARGET("):] == EXPECTED_CASES
    # Numbering: no-argument instructions first.
    assert [(op.name, op.number) for op in result.opcodes] == [
        ("NOP", 0), ("BINARY_OP", 1), ("BUILD_LIST", 2), ("JUMP_IF_TRUE_OR_POP", 3)]
    assert result.have_argument == 1


def test_python_table_for_a_small_input():
    namespace = {}
    exec(write_py.opcodes_py(_analyze(SMALL)), namespace)
    effect = namespace["stack_effect"]
    assert effect(1, 0) == -1
    assert effect(2, 5) == -4
    assert effect(3, 7, jump=True) == 0
    assert effect(3, 7, jump=False) == -1
    assert effect(3, 7) == 0
    assert namespace["HASJREL_FORWARD"] == {3}


def test_conditional_items_and_c_precedence():
    result = _analyze("""
        inst(F, (a if ((oparg & 4) == 4), b -- c)) { c = b; }
        inst(G, (a[oparg & 3 + 1] -- )) { }
    """)
    namespace = {}
    exec(write_py.opcodes_py(result), namespace)
    assert namespace["stack_effect"](0, 4) == -1
    assert namespace["stack_effect"](0, 0) == 0
    # C precedence: oparg & (3 + 1)
    assert namespace["stack_effect"](1, 4) == -4
    assert namespace["stack_effect"](1, 3) == 0


def test_macro_family_and_cache_syntax_are_accepted():
    result = _analyze("""
        inst(LOAD, (counter/1, unused/2 -- v)) { v = NULL; (void)counter; }
        inst(LOAD_FAST_PATH, (counter/1, unused/2 -- v)) { DEOPT_IF(counter == 0); v = NULL; }
        family(LOAD) = { LOAD, LOAD_FAST_PATH, };
        op(_A, (x -- y)) { y = x; }
        op(_B, (y -- z)) { z = y; }
        macro(AB) = _A + unused/1 + _B;
    """)
    assert result.opcode("LOAD").cache_size == 3
    assert result.opcode("AB").cache_size == 1
    cases = write_c.generated_cases(result)
    assert "PREDICTED(LOAD);" in cases
    assert "uint16_t counter = read_u16(&next_instr[0]);" in cases
    assert "if (counter == 0) { STAT_MISS(FF_LOAD); goto PREDICTED_LOAD; }" in cases
    assert "STAT_SPECIALIZED(FF_LOAD);" in cases
    assert "JUMPBY(3);" in cases


@pytest.mark.parametrize("text, message", [
    ("inst(A, (a -- b) { }", "expected ')' to close inst(A, ...)"),
    ("inst(A, (a b)) { }", "expected '--' in the stack effect of A"),
    ("inst(A, (a -- b)) ", "A: expected a C body in braces, found end of file"),
    ("inst(A, (a -- b)) { if (x) { }", "no matching '}'"),
    ("inst(A, (--)) {} inst(A, (--)) {}", "A is defined twice (first at test.def:1)"),
    ("inst(A, (a[oparg / 2] --)) {}", "'/' is not allowed in a stack size expression"),
    ("inst(A, (a, a --)) {}", "input 'a' appears twice"),
    ("inst(A, (-- b), jump (-- b)) {}", "has a jump stack effect but never jumps"),
    ("inst(A, (--)) { DEOPT_IF(1); }", "DEOPT_IF is only allowed in a specialized member of a family"),
    ("family(X) = { Y };", "family X: no instruction named X"),
    ("inst(A, (--)) {} macro(M) = A;", "macro M: A is an 'inst'; macros are made of 'op's"),
    ("shadow op(A, (--)) {}", "only an 'inst' can be mirrored"),
    ("instr(A, (--)) {}", "expected 'inst', 'op', 'macro', 'family' or 'change', found 'instr'"),
    ("inst(A, (-- b/1)) {}", "cache entries (b/N) belong before '--'"),
    ("inst(A, (--)) { JUMP_FORWARD_BY(1); JUMP_BACKWARD_BY(1); }", "jumps both forward and backward"),
])
def test_bad_input_gets_a_clear_error(text, message):
    with pytest.raises(DSLError) as info:
        _analyze(text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.def:")


def test_error_reports_the_line():
    with pytest.raises(DSLError) as info:
        _analyze("inst(A, (--)) {}\n\ninst(B, (x x -- )) {}\n")
    assert info.value.line == 3


def test_line_directives_name_the_definition_and_return_to_the_generated_file():
    cases = write_c.generated_cases(_analyze(SMALL))
    lines = cases.split("\n")
    source = textwrap.dedent(SMALL).split("\n")
    for index, line in enumerate(lines):
        if line.startswith('#line') and '"test.def"' in line:
            number = int(line.split()[1])
            # The body's first line follows, as written in the definition.
            assert lines[index + 1].strip() == source[number - 1].strip()
        elif line.startswith("#line"):
            # Back in the generated file: the directive names its own next line.
            assert line == f'#line {index + 2} "shared/vm/generated/cases.c.h"'


STAGED = {
    "base.def": (0, """
        op(_ADD, (a, b -- c)) { c = add(a, b); }
        macro(ADD) = unused/2 + _ADD;
        inst(NOP, (--)) { }
    """),
    "stage1/vm/add.def": (1, """
        change(s1.add) = { ADD };
        specializing op(_SPECIALIZE_ADD, (unused/1, a, b -- a, b)) { SPECIALIZE(ADD, spec(a, b)); }
        macro(ADD) = _SPECIALIZE_ADD + unused/1 + _ADD;
        op(_GUARD, (a, b -- a, b)) { DEOPT_IF(a != b); }
        macro(ADD_SAME) = _GUARD + unused/2 + _ADD;
        family(ADD) = { ADD, ADD_SAME };
    """),
}


def _analyze_files(files):
    from cases_generator.parsed import Definitions
    defs = Definitions()
    for name, (stage, text) in files.items():
        defs.extend(parser.parse(textwrap.dedent(text), name, stage))
    return analysis.analyze(defs)


def test_a_stage_composes_its_specializing_op_into_a_base_instruction():
    result = _analyze_files(STAGED)
    add = result.opcode("ADD")
    assert add.stage == 0 and add.cache_size == 2
    assert result.opcode("ADD_SAME").stage == 1 and result.opcode("ADD_SAME").family == "ADD"
    cases = write_c.generated_cases(result)
    case = cases[cases.index("TARGET(ADD) {"):]
    case = case[:case.index("DISPATCH();")]
    # The specializing op and the family's label exist only on loops of stage 1 and later.
    assert case.index("#if FF_LOOP_STAGE >= 1") < case.index("PREDICTED(ADD);")
    spec = case.index("/* _SPECIALIZE_ADD */")
    assert case.rfind("#if FF_LOOP_STAGE >= 1", 0, spec) > case.rfind("#endif", 0, spec)
    assert case.index("/* _ADD */") > case.index("#endif", spec)
    assert "#if FF_LOOP_STAGE >= 1\nTARGET(ADD_SAME)" in cases
    targets = write_c.opcode_targets_h(result)
    assert "#if FF_LOOP_STAGE >= 1\n    &&TARGET_ADD_SAME,\n#else\n    &&unknown_opcode,\n#endif" in targets
    # The change table and the micro-op ids.
    assert [(c.id, c.stage, c.opcodes) for c in result.changes] == [("s1.add", 1, ("ADD",))]
    changes = write_c.changes_h(result)
    assert '{"s1.add", 1, 1, {FF_ADD}},' in changes
    uops = write_c.uop_ids_h(result)
    assert "FF_UOP_SPECIALIZE_ADD" in uops and "[FF_ADD] = {FF_UOP_SPECIALIZE_ADD, FF_UOP_ADD, -1}," in uops
    namespace = {}
    exec(write_py.opcodes_py(result), namespace)
    assert namespace["CHANGES"] == {"s1.add": (1, ("ADD",))}


@pytest.mark.parametrize("stage_text, message", [
    # The composition must keep the base's layout.
    ("specializing op(_S, (unused/1, a, b -- a, b)) { }\nmacro(ADD) = _S + _ADD;",
     "must keep the base's micro-ops"),
    ("macro(ADD) = unused/2 + _ADD;", "without a micro-op of that stage"),
    # An inserted op must leave the stack as it found it.
    ("op(_X, (a, b -- c)) { }\nmacro(ADD) = _X + unused/2 + _ADD;", "must keep the base's micro-ops"),
    ("specializing op(_S, (unused/1, a, b -- a)) { }", "leaves its inputs in place"),
    ("change(s2.add) = { ADD };", "its id must start with s1."),
    ("change(s1.add) = { NOPE };", "change s1.add: no instruction named 'NOPE'"),
    ("change(s1.Add) = { ADD };", "is not sN.lower_case_name"),
])
def test_bad_stage_definitions_get_a_clear_error(stage_text, message):
    files = {"base.def": STAGED["base.def"], "stage1/vm/x.def": (1, stage_text)}
    with pytest.raises(DSLError) as info:
        _analyze_files(files)
    assert message in str(info.value)


def test_a_later_stage_inserts_a_stack_neutral_op():
    files = dict(STAGED)
    files["stage2/vm/enter.def"] = (2, """
        change(s2.enter) = {};
        op(_MAYBE_LEAVE, (a, b -- a, b)) { if (a == b) { goto elsewhere; } }
        macro(ADD_SAME) = _GUARD + _MAYBE_LEAVE + unused/2 + _ADD;
    """)
    result = _analyze_files(files)
    assert result.opcode("ADD_SAME").stage == 1
    cases = write_c.generated_cases(result)
    case = cases[cases.index("TARGET(ADD_SAME) {"):]
    leave = case.index("/* _MAYBE_LEAVE */")
    assert case.rfind("#if FF_LOOP_STAGE >= 2", 0, leave) > case.rfind("/* _GUARD */", 0, leave)


def test_a_later_stage_composes_into_an_earlier_stages_composition():
    # Stage 1 composed its adaptive step into the base ADD; stage 2 adds its own
    # op to that composition: the base layout and stage 1's parts are kept.
    files = dict(STAGED)
    files["stage2/vm/fast.def"] = (2, """
        change(s2.fast) = {};
        op(_FAST, (a, b -- a, b)) { if (a == 0) { goto elsewhere; } }
        macro(ADD) = _SPECIALIZE_ADD + _FAST + unused/1 + _ADD;
    """)
    result = _analyze_files(files)
    add = result.opcode("ADD")
    assert add.stage == 0 and add.cache_size == 2
    cases = write_c.generated_cases(result)
    case = cases[cases.index("TARGET(ADD) {"):]
    case = case[:case.index("DISPATCH();")]
    spec, fast, body = (case.index(f"/* {name} */") for name in ("_SPECIALIZE_ADD", "_FAST", "_ADD"))
    assert spec < fast < body
    assert case.rfind("#if FF_LOOP_STAGE >= 2", 0, fast) > spec


@pytest.mark.parametrize("stage2_macro", [
    "macro(ADD) = _FAST + unused/2 + _ADD;",                     # drops stage 1's adaptive step
    "macro(ADD) = _FAST + _SPECIALIZE_ADD + unused/1 + _ADD;",   # fine for the base, reorders nothing of stage 1's
])
def test_a_later_composition_keeps_the_earlier_stages_parts(stage2_macro):
    files = dict(STAGED)
    files["stage2/vm/fast.def"] = (2, "change(s2.fast) = {};\nop(_FAST, (a, b -- a, b)) { }\n" + stage2_macro)
    if "_FAST + _SPECIALIZE_ADD" in stage2_macro:
        _analyze_files(files)   # its own op may go anywhere
        return
    with pytest.raises(DSLError, match="keep the parts of"):
        _analyze_files(files)


def test_a_later_stage_inserts_an_op_that_reads_unused_cache_units():
    # It stands where the earlier form leaves as many units unused, and reads them there.
    files = dict(STAGED)
    files["stage2/vm/enter.def"] = (2, """
        change(s2.enter) = {};
        op(_CACHED_LEAVE, (seen/1, a, b -- a, b)) { if (seen == a) { goto elsewhere; } }
        macro(ADD_SAME) = _GUARD + unused/1 + _CACHED_LEAVE + _ADD;
    """)
    result = _analyze_files(files)
    assert result.opcode("ADD_SAME").cache_size == 2
    cases = write_c.generated_cases(result)
    case = cases[cases.index("TARGET(ADD_SAME) {"):]
    assert "uint16_t seen = read_u16(&next_instr[1]);" in case[case.index("/* _CACHED_LEAVE */"):]
    # Not where the earlier form has none left, nor over the units' count.
    for macro in ("_GUARD + unused/2 + _CACHED_LEAVE + _ADD", "_GUARD + _CACHED_LEAVE + unused/2 + _ADD"):
        files["stage2/vm/enter.def"] = (2, f"""
            change(s2.enter) = {{}};
            op(_CACHED_LEAVE, (seen/1, a, b -- a, b)) {{ }}
            macro(ADD_SAME) = {macro};
        """)
        with pytest.raises(DSLError, match="must keep the base's micro-ops"):
            _analyze_files(files)


def test_specializing_op_belongs_to_a_stage():
    with pytest.raises(DSLError, match="tier 0 does not specialize"):
        _analyze("specializing op(_S, (a -- a)) { }")


def _with_stage2(text):
    files = dict(STAGED)
    files["stage2/vm/more.def"] = (2, text)
    return files


def test_a_later_stage_adds_members_to_a_family():
    result = _analyze_files(_with_stage2("""
        change(s2.more) = {};
        op(_GUARD_ZERO, (a, b -- a, b)) { DEOPT_IF(b != 0); }
        macro(ADD_ZERO) = _GUARD_ZERO + unused/2 + _ADD;
        family(ADD) += { ADD_ZERO, };
    """))
    zero = result.opcode("ADD_ZERO")
    assert zero.stage == 2 and zero.family == "ADD"
    assert [f.members for f in result.definitions.families if f.name == "ADD"] == [("ADD", "ADD_SAME", "ADD_ZERO")]
    # The family's label stays gated by the stage that declared it; the member by its own.
    cases = write_c.generated_cases(result)
    assert "#if FF_LOOP_STAGE >= 2\nTARGET(ADD_ZERO)" in cases
    assert "goto PREDICTED_ADD;" in cases[cases.index("TARGET(ADD_ZERO)"):]
    assert "[FF_ADD_ZERO] = FF_ADD," in write_c.opcode_ids_h(result)
    namespace = {}
    exec(write_py.opcodes_py(result), namespace)
    n = namespace
    assert n["FAMILIES"][n["ADD"]] == (n["ADD_SAME"], n["ADD_ZERO"])


@pytest.mark.parametrize("stage_text, message", [
    ("family(SUB) += { ADD_SAME2 };", "family SUB += {...}: no family SUB to add to"),
    ("op(_G, (a, b -- a, b)) { DEOPT_IF(b); }\nmacro(ADD_2) = _G + unused/2 + _ADD;\n"
     "family(ADD) += { ADD_2 };\nfamily(ADD) += { ADD_2 };", "ADD_2 already belongs to family ADD"),
    ("family(ADD) += { ADD_SAME };", "ADD_SAME already belongs to family ADD"),
    ("macro(ADD_WIDE) = unused/3 + _ADD;\nfamily(ADD) += { ADD_WIDE };", "ADD_WIDE has 3 cache entries"),
    ("family(ADD) += { NOPE };", "family ADD: unknown member 'NOPE'"),
    ("family(ADD) + { ADD };", "expected '=' (or '+=') after family(ADD)"),
])
def test_bad_family_extensions_get_a_clear_error(stage_text, message):
    with pytest.raises(DSLError) as info:
        _analyze_files(_with_stage2(stage_text))
    assert message in str(info.value)


def test_a_family_extends_only_from_a_later_stage():
    files = dict(STAGED)
    files["stage1/vm/more.def"] = (1, "family(ADD) += { ADD_SAME };")
    with pytest.raises(DSLError, match=r"only a later stage than the family's own \(stage 1"):
        _analyze_files(files)
