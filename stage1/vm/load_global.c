/* s1.load_global: the specializer(s) of LOAD_GLOBAL (load_global.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"

void
ff_specialize_load_global(PyObject *globals, PyObject *builtins, _Py_CODEUNIT *instr, PyObject *name)
{
    ff_specialize_fail(instr, FF_LOAD_GLOBAL, "no specialized members yet");
}
