/* s1.binary_op: the specializer of BINARY_OP (binary_op.def has the members). */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "opcode.h"   /* NB_ADD and friends: the operators of BINARY_OP */

static void
specialize_binary_op(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    if (!ff_family_enabled[FF_BINARY_OP]) {
        ff_specialize_fail(instr, FF_BINARY_OP, "switched off");
        return;
    }
    if (Py_TYPE(lhs) != Py_TYPE(rhs)) {
        ff_specialize_fail(instr, FF_BINARY_OP, "operands of different types");
        return;
    }
    int add = oparg == NB_ADD || oparg == NB_INPLACE_ADD;
    int sub = oparg == NB_SUBTRACT || oparg == NB_INPLACE_SUBTRACT;
    int mul = oparg == NB_MULTIPLY || oparg == NB_INPLACE_MULTIPLY;
    if (PyLong_CheckExact(lhs) && (add || sub || mul)) {
        ff_specialize_to(instr, FF_BINARY_OP, add ? FF_BINARY_OP_ADD_INT
                                             : sub ? FF_BINARY_OP_SUBTRACT_INT : FF_BINARY_OP_MULTIPLY_INT);
    }
    else if (PyFloat_CheckExact(lhs) && (add || sub || mul)) {
        ff_specialize_to(instr, FF_BINARY_OP, add ? FF_BINARY_OP_ADD_FLOAT
                                             : sub ? FF_BINARY_OP_SUBTRACT_FLOAT : FF_BINARY_OP_MULTIPLY_FLOAT);
    }
    else if (PyUnicode_CheckExact(lhs) && add) {
        ff_specialize_to(instr, FF_BINARY_OP, FF_BINARY_OP_ADD_UNICODE);
    }
    else {
        ff_specialize_fail(instr, FF_BINARY_OP, PyLong_CheckExact(lhs) || PyFloat_CheckExact(lhs)
                                                ? "other operator" : "other types");
    }
}

void
ff_specialize_binary_op(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    specialize_binary_op(lhs, rhs, instr, oparg);
    ff_ask_family_hooks(FF_BINARY_OP, lhs, rhs, instr, oparg, 0);
}
