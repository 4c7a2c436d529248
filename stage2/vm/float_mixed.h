/* s2.float_mixed: the guards and bodies of BINARY_OP_FLOAT_MIXED and
 * COMPARE_OP_FLOAT_MIXED (float_mixed.def). */
#ifndef FIVEFOLD_S2_FLOAT_MIXED_H
#define FIVEFOLD_S2_FLOAT_MIXED_H

#include "vm_internal.h"
#include "opcode.h"   /* NB_ADD and friends */
#include "stage1.h"   /* ff_int_compact, ff_int_compact_value */

/* An exact int of one 30-bit digit or none (stage 1's "compact"): exactly a
 * double. */
static inline int
ff_int_small_exact(PyObject *v)
{
    return PyLong_CheckExact(v) && ff_int_compact(v);
}

/* An exact float, or an int ff_int_small_exact accepts. */
static inline int
ff_float_operand(PyObject *v)
{
    return PyFloat_CheckExact(v) || ff_int_small_exact(v);
}

/* The value of an operand ff_float_operand accepted. */
static inline double
ff_number_as_double(PyObject *v)
{
    if (PyFloat_CheckExact(v)) {
        return PyFloat_AS_DOUBLE(v);
    }
    return (double)ff_int_compact_value(v);
}

/* Whether BINARY_OP_FLOAT_MIXED computes `left <oparg> right`: + - * with a
 * float on at least one side (two ints stay int arithmetic), or / between any
 * two operands it reads, the divisor not zero. */
static inline int
ff_float_mixed_arith_ok(PyObject *left, PyObject *right, int oparg)
{
    if (!ff_float_operand(left) || !ff_float_operand(right)) {
        return 0;
    }
    switch (oparg) {
    case NB_ADD: case NB_INPLACE_ADD: case NB_SUBTRACT: case NB_INPLACE_SUBTRACT:
    case NB_MULTIPLY: case NB_INPLACE_MULTIPLY:
        return PyFloat_CheckExact(left) || PyFloat_CheckExact(right);
    case NB_TRUE_DIVIDE: case NB_INPLACE_TRUE_DIVIDE:
        return ff_number_as_double(right) != 0.0;
    default:
        return 0;
    }
}

/* a <oparg> b for an operator ff_float_mixed_arith_ok accepted. */
static inline double
ff_float_mixed_arith(double a, double b, int oparg)
{
    switch (oparg) {
    case NB_ADD: case NB_INPLACE_ADD: return a + b;
    case NB_SUBTRACT: case NB_INPLACE_SUBTRACT: return a - b;
    case NB_MULTIPLY: case NB_INPLACE_MULTIPLY: return a * b;
    default: return a / b;
    }
}

/* A float and an int ff_int_small_exact accepts, either way round (two floats
 * and two ints are stage 1's members). Comparing the int as a double is exact:
 * float_richcompare's answer, NaNs and infinities included. */
static inline int
ff_float_int_pair(PyObject *left, PyObject *right)
{
    return (PyFloat_CheckExact(left) && ff_int_small_exact(right))
           || (ff_int_small_exact(left) && PyFloat_CheckExact(right));
}

#endif
