/* s1.load_attr: the specializer(s) of LOAD_ATTR, LOAD_METHOD (load_attr.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_load_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    ff_specialize_fail(instr, FF_LOAD_ATTR, "no specialized members yet");
}

void
ff_specialize_load_method(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    ff_specialize_fail(instr, FF_LOAD_METHOD, "no specialized members yet");
}
