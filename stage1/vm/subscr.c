/* s1.subscr: the specializer(s) of BINARY_SUBSCR, STORE_SUBSCR (subscr.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_binary_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr)
{
    ff_specialize_fail(instr, FF_BINARY_SUBSCR, "no specialized members yet");
}

void
ff_specialize_store_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr)
{
    ff_specialize_fail(instr, FF_STORE_SUBSCR, "no specialized members yet");
}
