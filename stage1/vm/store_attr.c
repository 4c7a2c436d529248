/* s1.store_attr: the specializer(s) of STORE_ATTR (store_attr.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_store_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    ff_specialize_fail(instr, FF_STORE_ATTR, "no specialized members yet");
}
