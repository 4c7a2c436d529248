/* s2.int_bitwise: the body of BINARY_OP_INT_BITWISE (int_bitwise.def). */
#ifndef FIVEFOLD_S2_INT_BITWISE_H
#define FIVEFOLD_S2_INT_BITWISE_H

#include "vm_internal.h"
#include "opcode.h"   /* NB_AND and friends */
#include "int_bitwise_wide.h"

/* Whether `oparg` is one of the operators BINARY_OP_INT_BITWISE does. */
static inline int
ff_is_bitwise_op(int oparg)
{
    switch (oparg) {
    case NB_AND: case NB_INPLACE_AND: case NB_OR: case NB_INPLACE_OR: case NB_XOR: case NB_INPLACE_XOR:
    case NB_LSHIFT: case NB_INPLACE_LSHIFT: case NB_RSHIFT: case NB_INPLACE_RSHIFT:
        return 1;
    default:
        return 0;
    }
}

/* int's own slot for one of those operators. */
static inline binaryfunc
ff_int_bitwise_slot(int oparg)
{
    PyNumberMethods *nb = PyLong_Type.tp_as_number;
    switch (oparg) {
    case NB_AND: case NB_INPLACE_AND: return nb->nb_and;
    case NB_OR: case NB_INPLACE_OR: return nb->nb_or;
    case NB_XOR: case NB_INPLACE_XOR: return nb->nb_xor;
    case NB_LSHIFT: case NB_INPLACE_LSHIFT: return nb->nb_lshift;
    default: return nb->nb_rshift;
    }
}

/* left <op> right for two exact ints computed in C into *value (1), or 0
 * when they are not both non-negative ints of one digit or none, or a left
 * shift goes further than 32. In CPython 3.11 an int's ob_size is its signed
 * digit count: 0 or 1 means non-negative and below 2**30. (s2.int_freelist
 * makes the result its own way from *value.) */
static inline int
ff_int_bitwise_in_c(PyObject *left, PyObject *right, int oparg, long long *value)
{
    if ((size_t)Py_SIZE(left) > 1 || (size_t)Py_SIZE(right) > 1) {
        return 0;
    }
    long long a = Py_SIZE(left) ? ((PyLongObject *)left)->ob_digit[0] : 0;
    long long b = Py_SIZE(right) ? ((PyLongObject *)right)->ob_digit[0] : 0;
    switch (oparg) {
    case NB_AND: case NB_INPLACE_AND: *value = a & b; return 1;
    case NB_OR: case NB_INPLACE_OR: *value = a | b; return 1;
    case NB_XOR: case NB_INPLACE_XOR: *value = a ^ b; return 1;
    case NB_RSHIFT: case NB_INPLACE_RSHIFT: *value = b < 31 ? a >> b : 0; return 1;
    default:
        if (b <= 32) {   /* a < 2**30: a << 32 < 2**62 */
            *value = a << b;
            return 1;
        }
        return 0;
    }
}

/* left <op> right for two exact ints (a new reference, or NULL with an
 * exception set): in C when it can (up to three digits with
 * s2.int_bitwise_wide), else int's own nb_ slot (which also raises for a
 * negative shift count). */
static inline PyObject *
ff_int_bitwise(PyObject *left, PyObject *right, int oparg)
{
    long long value;
    PyObject *res;
    if (ff_int_bitwise_in_c(left, right, oparg, &value)) {
        return PyLong_FromLongLong(value);
    }
    if (ff_int_bitwise_wide_on && ff_int_bitwise_wide(left, right, oparg, &res)) {
        return res;
    }
    return ff_int_bitwise_slot(oparg)(left, right);
}

#endif
