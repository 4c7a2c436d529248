/* s1.compare_op: the specializer of COMPARE_OP (compare_op.def has the members). */
#include "specialize.h"
#include "generated/opcode_ids.h"

static void
specialize_compare_op(PyObject *left, PyObject *right, _Py_CODEUNIT *instr)
{
    if (!ff_family_enabled[FF_COMPARE_OP]) {
        ff_specialize_fail(instr, FF_COMPARE_OP, "switched off");
    }
    else if (Py_TYPE(left) != Py_TYPE(right)) {
        ff_specialize_fail(instr, FF_COMPARE_OP, "operands of different types");
    }
    else if (PyLong_CheckExact(left)) {
        ff_specialize_to(instr, FF_COMPARE_OP, FF_COMPARE_OP_INT);
    }
    else if (PyFloat_CheckExact(left)) {
        ff_specialize_to(instr, FF_COMPARE_OP, FF_COMPARE_OP_FLOAT);
    }
    else if (PyUnicode_CheckExact(left)) {
        ff_specialize_to(instr, FF_COMPARE_OP, FF_COMPARE_OP_STR);
    }
    else {
        ff_specialize_fail(instr, FF_COMPARE_OP, "other types");
    }
}

/* Stage 1's members first; then later stages' (ff_ask_family_hooks). */
void
ff_specialize_compare_op(PyObject *left, PyObject *right, _Py_CODEUNIT *instr, int oparg)
{
    specialize_compare_op(left, right, instr);
    ff_ask_family_hooks(FF_COMPARE_OP, left, right, instr, oparg, 0);
}
