/* s1.subscr: the specializers of BINARY_SUBSCR and STORE_SUBSCR (subscr.def has the members). */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "subscr.h"   /* ff_sequence_index: the guard the members check */

void
ff_specialize_binary_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr)
{
    if (!ff_family_enabled[FF_BINARY_SUBSCR]) {
        ff_specialize_fail(instr, FF_BINARY_SUBSCR, "switched off");
    }
    else if (PyList_CheckExact(container)) {
        if (PyLong_CheckExact(sub) && ff_sequence_index(container, sub) >= 0) {
            ff_specialize_to(instr, FF_BINARY_SUBSCR, FF_BINARY_SUBSCR_LIST_INT);
        }
        else if (PyLong_CheckExact(sub)) {
            ff_specialize_fail(instr, FF_BINARY_SUBSCR, "list index out of range or more than one digit");
        }
        else {
            ff_specialize_fail(instr, FF_BINARY_SUBSCR, PySlice_Check(sub) ? "list slice" : "list, other key");
        }
    }
    else if (PyTuple_CheckExact(container)) {
        if (PyLong_CheckExact(sub) && ff_sequence_index(container, sub) >= 0) {
            ff_specialize_to(instr, FF_BINARY_SUBSCR, FF_BINARY_SUBSCR_TUPLE_INT);
        }
        else if (PyLong_CheckExact(sub)) {
            ff_specialize_fail(instr, FF_BINARY_SUBSCR, "tuple index out of range or more than one digit");
        }
        else {
            ff_specialize_fail(instr, FF_BINARY_SUBSCR, PySlice_Check(sub) ? "tuple slice" : "tuple, other key");
        }
    }
    else if (PyDict_CheckExact(container)) {
        ff_specialize_to(instr, FF_BINARY_SUBSCR, FF_BINARY_SUBSCR_DICT);
    }
    else {
        ff_specialize_fail(instr, FF_BINARY_SUBSCR, PyUnicode_CheckExact(container) ? "str" : "other container");
    }
    ff_ask_family_hooks(FF_BINARY_SUBSCR, container, sub, instr, 0, 0);
}

void
ff_specialize_store_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr)
{
    if (!ff_family_enabled[FF_STORE_SUBSCR]) {
        ff_specialize_fail(instr, FF_STORE_SUBSCR, "switched off");
    }
    else if (PyList_CheckExact(container)) {
        if (PyLong_CheckExact(sub) && ff_sequence_index(container, sub) >= 0) {
            ff_specialize_to(instr, FF_STORE_SUBSCR, FF_STORE_SUBSCR_LIST_INT);
        }
        else if (PyLong_CheckExact(sub)) {
            ff_specialize_fail(instr, FF_STORE_SUBSCR, "list index out of range or more than one digit");
        }
        else {
            ff_specialize_fail(instr, FF_STORE_SUBSCR, PySlice_Check(sub) ? "list slice" : "list, other key");
        }
    }
    else if (PyDict_CheckExact(container)) {
        ff_specialize_to(instr, FF_STORE_SUBSCR, FF_STORE_SUBSCR_DICT);
    }
    else {
        ff_specialize_fail(instr, FF_STORE_SUBSCR, "other container");
    }
}
