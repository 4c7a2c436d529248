/* s2.int_floordiv: the body of BINARY_OP_INT_FLOORDIV (int_floordiv.def).
 *
 * Rules of this file:
 * - Only `//` and `%` (and `//=`, `%=`) of two exact ints come here (the
 *   member's guard); the hook (int_floordiv.c) writes the member for nothing else.
 * - Two compact ints (at most one 30-bit digit each, either sign) and a
 *   non-zero divisor are computed in C with Python's floor semantics; a
 *   multi-digit int or a zero divisor takes int's own nb_ slot, which is what
 *   the generic BINARY_OP calls for two exact ints (PyNumber_FloorDivide ->
 *   binary_op1 -> long_div), so the result, and the ZeroDivisionError with its
 *   message, are CPython's. */
#ifndef FIVEFOLD_S2_INT_FLOORDIV_H
#define FIVEFOLD_S2_INT_FLOORDIV_H

#include "vm_internal.h"
#include "opcode.h"   /* NB_FLOOR_DIVIDE and friends */
#include "stage1.h"   /* ff_int_compact_pair, ff_int_compact_value */

/* Whether `oparg` is one of the operators BINARY_OP_INT_FLOORDIV does. */
static inline int
ff_is_floordiv_op(int oparg)
{
    return oparg == NB_FLOOR_DIVIDE || oparg == NB_INPLACE_FLOOR_DIVIDE
           || oparg == NB_REMAINDER || oparg == NB_INPLACE_REMAINDER;
}

static inline int
ff_is_remainder_op(int oparg)
{
    return oparg == NB_REMAINDER || oparg == NB_INPLACE_REMAINDER;
}

/* left // right or left % right for two exact ints computed in C into *value
 * (1), or 0 when either has more than one digit or the divisor is zero. C's
 * `/` truncates toward zero; Python's `//` floors: when the remainder is
 * non-zero and its sign differs from the divisor's, the quotient is one less
 * and the remainder moves by one divisor (-7 // 2 == -4, -7 % 2 == 1,
 * 7 % -2 == -1). |a|, |b| < 2**30: nothing overflows a long long. */
static inline int
ff_int_floordiv_in_c(PyObject *left, PyObject *right, int oparg, long long *value)
{
    if (!ff_int_compact_pair(left, right) || Py_SIZE(right) == 0) {
        return 0;
    }
    long long a = ff_int_compact_value(left);
    long long b = ff_int_compact_value(right);
    long long q = a / b;
    long long r = a % b;
    if (r != 0 && (r ^ b) < 0) {
        q -= 1;
        r += b;
    }
    *value = ff_is_remainder_op(oparg) ? r : q;
    return 1;
}

/* left <op> right for two exact ints (a new reference, or NULL with an
 * exception set): in C when it can, else int's own slot. (s2.int_freelist
 * makes the result of the C path its own way, int_freelist.def.) */
static inline PyObject *
ff_int_floordiv(PyObject *left, PyObject *right, int oparg)
{
    long long value;
    if (ff_int_floordiv_in_c(left, right, oparg, &value)) {
        return PyLong_FromLongLong(value);
    }
    PyNumberMethods *nb = PyLong_Type.tp_as_number;
    return ff_is_remainder_op(oparg) ? nb->nb_remainder(left, right) : nb->nb_floor_divide(left, right);
}

#endif
