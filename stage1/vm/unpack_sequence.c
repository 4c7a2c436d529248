/* s1.unpack_sequence: the specializer of UNPACK_SEQUENCE (unpack_sequence.def has the members). */
#include "specialize.h"
#include "generated/opcode_ids.h"

void
ff_specialize_unpack_sequence(PyObject *seq, _Py_CODEUNIT *instr, int oparg)
{
    if (!ff_family_enabled[FF_UNPACK_SEQUENCE]) {
        ff_specialize_fail(instr, FF_UNPACK_SEQUENCE, "switched off");
    }
    else if (PyTuple_CheckExact(seq)) {
        if (PyTuple_GET_SIZE(seq) != oparg) {
            ff_specialize_fail(instr, FF_UNPACK_SEQUENCE, "tuple of another length");
        }
        else {
            ff_specialize_to(instr, FF_UNPACK_SEQUENCE,
                             oparg == 2 ? FF_UNPACK_SEQUENCE_TWO_TUPLE : FF_UNPACK_SEQUENCE_TUPLE);
        }
    }
    else if (PyList_CheckExact(seq)) {
        if (PyList_GET_SIZE(seq) != oparg) {
            ff_specialize_fail(instr, FF_UNPACK_SEQUENCE, "list of another length");
        }
        else {
            ff_specialize_to(instr, FF_UNPACK_SEQUENCE, FF_UNPACK_SEQUENCE_LIST);
        }
    }
    else {
        ff_specialize_fail(instr, FF_UNPACK_SEQUENCE, "other sequence");
    }
}
