/* s1.unpack_sequence: the specializer(s) of UNPACK_SEQUENCE (unpack_sequence.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_unpack_sequence(PyObject *seq, _Py_CODEUNIT *instr, int oparg)
{
    ff_specialize_fail(instr, FF_UNPACK_SEQUENCE, "no specialized members yet");
}
