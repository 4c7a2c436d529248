/* s2.int_floordiv: the BINARY_OP hook that writes BINARY_OP_INT_FLOORDIV
 * (int_floordiv.def) for `//` or `%` on two exact ints (bools and int
 * subclasses are not exact ints: they stay generic, as with s2.int_bitwise). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"

int
ff_int_floordiv_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg)
{
    if (!PyLong_CheckExact(lhs) || !PyLong_CheckExact(rhs) || !ff_is_floordiv_op(oparg)) {
        return 0;
    }
    ff_specialize_to(instr, FF_BINARY_OP, FF_BINARY_OP_INT_FLOORDIV);
    return 1;
}
