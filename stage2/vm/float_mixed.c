/* s2.float_mixed: the BINARY_OP and COMPARE_OP hooks that write
 * BINARY_OP_FLOAT_MIXED and COMPARE_OP_FLOAT_MIXED (float_mixed.def) where
 * stage 1 found no member. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"

int
ff_float_mixed_binary_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    if (!ff_float_mixed_arith_ok(lhs, rhs, oparg)) {
        return 0;
    }
    ff_specialize_to(instr, FF_BINARY_OP, FF_BINARY_OP_FLOAT_MIXED);
    return 1;
}

int
ff_float_mixed_compare_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    (void)oparg;
    if (!ff_float_int_pair(lhs, rhs)) {
        return 0;
    }
    ff_specialize_to(instr, FF_COMPARE_OP, FF_COMPARE_OP_FLOAT_MIXED);
    return 1;
}
