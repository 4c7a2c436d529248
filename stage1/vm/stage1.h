/* Stage 1's words for instruction bodies: the adaptive machinery
 * (specialize.h) and the helpers its specialized instructions use. A loop of
 * stage 1 or later includes it before the generated cases (stage1/vm/loop.c). */
#ifndef FIVEFOLD_STAGE1_H
#define FIVEFOLD_STAGE1_H

#include <Python.h>
#include "vm_internal.h"
#include "specialize.h"

/* CPython 3.11 ints: ob_size is the signed digit count; a "compact" int has at
 * most one 30-bit digit, so sums, differences and products of two fit a long long. */
static inline int
ff_int_compact(PyObject *v)
{
    return (size_t)(Py_SIZE(v) + 1) < 3;
}

static inline int
ff_int_compact_pair(PyObject *a, PyObject *b)
{
    return ff_int_compact(a) && ff_int_compact(b);
}

static inline long long
ff_int_compact_value(PyObject *v)
{
    return (long long)Py_SIZE(v) * (long long)((PyLongObject *)v)->ob_digit[0];
}

/* a <op> b for a rich-comparison op (Py_LT .. Py_GE); NaNs compare as Python's do. */
#define FF_COMPARE(a, b, op) \
    ((op) == Py_LT ? (a) < (b) : (op) == Py_LE ? (a) <= (b) : (op) == Py_EQ ? (a) == (b) \
     : (op) == Py_NE ? (a) != (b) : (op) == Py_GT ? (a) > (b) : (a) >= (b))

static inline PyObject *
ff_bool(int truth)
{
    PyObject *res = truth ? Py_True : Py_False;
    Py_INCREF(res);
    return res;
}

/* Each family's own inline helpers. */
#include "load_attr.h"
#include "store_attr.h"
#include "load_global.h"
#include "subscr.h"
#include "call.h"
#include "for_iter.h"
#include "unpack_sequence.h"

#endif
