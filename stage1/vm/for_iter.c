/* s1.for_iter: the specializer(s) of FOR_ITER (for_iter.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_for_iter(PyObject *iter, _Py_CODEUNIT *instr)
{
    ff_specialize_fail(instr, FF_FOR_ITER, "no specialized members yet");
}
