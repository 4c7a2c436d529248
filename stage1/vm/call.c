/* s1.call: the specializer(s) of CALL (call.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_call(PyObject *callable, PyObject *self_or_null, _Py_CODEUNIT *instr, int nargs, PyObject *kwnames)
{
    ff_specialize_fail(instr, FF_CALL, "no specialized members yet");
}
