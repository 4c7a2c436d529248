/* s2.int_bitwise: the BINARY_OP hook that writes BINARY_OP_INT_BITWISE
 * (int_bitwise.def) for a bitwise operator on two exact ints. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"

int
ff_int_bitwise_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    if (!PyLong_CheckExact(lhs) || !PyLong_CheckExact(rhs) || !ff_is_bitwise_op(oparg)) {
        return 0;
    }
    ff_specialize_to(instr, FF_BINARY_OP, FF_BINARY_OP_INT_BITWISE);
    return 1;
}
