/* s1.truth: the specializer of the conditional jumps (truth.def has the members). */
#include "specialize.h"
#include "generated/opcode_ids.h"

/* The member of `family` for each kind of value: bool, int, None, list/tuple, str. */
enum { KIND_BOOL, KIND_INT, KIND_NONE, KIND_LIST, KIND_STR, KIND_COUNT };

static int
member(int family, int kind)
{
    switch (family) {
    case FF_POP_JUMP_FORWARD_IF_FALSE: {
        static const unsigned char m[KIND_COUNT] = {FF_POP_JUMP_FORWARD_IF_FALSE_BOOL, FF_POP_JUMP_FORWARD_IF_FALSE_INT, FF_POP_JUMP_FORWARD_IF_FALSE_NONE, FF_POP_JUMP_FORWARD_IF_FALSE_LIST, FF_POP_JUMP_FORWARD_IF_FALSE_STR};
        return m[kind];
    }
    case FF_POP_JUMP_FORWARD_IF_TRUE: {
        static const unsigned char m[KIND_COUNT] = {FF_POP_JUMP_FORWARD_IF_TRUE_BOOL, FF_POP_JUMP_FORWARD_IF_TRUE_INT, FF_POP_JUMP_FORWARD_IF_TRUE_NONE, FF_POP_JUMP_FORWARD_IF_TRUE_LIST, FF_POP_JUMP_FORWARD_IF_TRUE_STR};
        return m[kind];
    }
    case FF_POP_JUMP_BACKWARD_IF_FALSE: {
        static const unsigned char m[KIND_COUNT] = {FF_POP_JUMP_BACKWARD_IF_FALSE_BOOL, FF_POP_JUMP_BACKWARD_IF_FALSE_INT, FF_POP_JUMP_BACKWARD_IF_FALSE_NONE, FF_POP_JUMP_BACKWARD_IF_FALSE_LIST, FF_POP_JUMP_BACKWARD_IF_FALSE_STR};
        return m[kind];
    }
    case FF_POP_JUMP_BACKWARD_IF_TRUE: {
        static const unsigned char m[KIND_COUNT] = {FF_POP_JUMP_BACKWARD_IF_TRUE_BOOL, FF_POP_JUMP_BACKWARD_IF_TRUE_INT, FF_POP_JUMP_BACKWARD_IF_TRUE_NONE, FF_POP_JUMP_BACKWARD_IF_TRUE_LIST, FF_POP_JUMP_BACKWARD_IF_TRUE_STR};
        return m[kind];
    }
    default: return 0;
    }
}

void
ff_specialize_truth(PyObject *value, _Py_CODEUNIT *instr, int family)
{
    int kind;
    if (!ff_family_enabled[family]) {
        ff_specialize_fail(instr, family, "switched off");
        return;
    }
    if (PyBool_Check(value)) {
        kind = KIND_BOOL;
    }
    else if (PyLong_CheckExact(value)) {
        kind = KIND_INT;
    }
    else if (value == Py_None) {
        kind = KIND_NONE;
    }
    else if (PyList_CheckExact(value) || PyTuple_CheckExact(value)) {
        kind = KIND_LIST;
    }
    else if (PyUnicode_CheckExact(value)) {
        kind = KIND_STR;
    }
    else {
        ff_specialize_fail(instr, family, "other types");
        return;
    }
    ff_specialize_to(instr, family, member(family, kind));
}
