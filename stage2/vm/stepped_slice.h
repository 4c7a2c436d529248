/* s2.stepped_slice: `x[a:b:c]` without the slice object, for BUILD_SLICE with
 * three operands followed by BINARY_SUBSCR (stepped_slice.def), as
 * s2.binary_slice does for two (slices.h).
 *
 * Rules of this file: only what CPython 3.11's own subscript would compute the
 * same way is done here: an exact list, tuple or str, bounds that are None or
 * exact ints of at most one digit, a step that is None or a nonzero exact int
 * of at most one digit. Anything else (a zero step, whose ValueError is the
 * generic path's, subclasses, bools, __index__ objects, huge ints, other
 * containers) gives FF_NO_SLICE: BUILD_SLICE and the subscript run as
 * compiled. The bounds are adjusted as PySlice_Unpack and
 * PySlice_AdjustIndices (3.11, Objects/sliceobject.c) adjust them; the items
 * are taken in the order, and into the type of result, that list_subscript,
 * tuple_subscript and unicode_subscript (3.11) give, with the same
 * identities: a step of 1 is s2.binary_slice's path (the whole of an exact
 * tuple or str is itself), an empty result is a new list or the empty tuple
 * or str singleton, any other str is a new object (3.11 gives no one-character
 * singleton here). */
#ifndef FIVEFOLD_S2_STEPPED_SLICE_H
#define FIVEFOLD_S2_STEPPED_SLICE_H

#include "slices.h"

extern int ff_stepped_slice_on;   /* s2.stepped_slice */

/* Adjust one bound as PySlice_AdjustIndices does for a step of either sign:
 * a negative one counts from the end; one still below 0 becomes -1 for a
 * negative step (before the first item) and 0 otherwise; one at or past the
 * end becomes the last index for a negative step and len otherwise. */
static inline Py_ssize_t
ff_adjust_stepped_bound(Py_ssize_t i, Py_ssize_t len, Py_ssize_t step)
{
    if (i < 0) {
        i += len;
        if (i < 0) {
            return step < 0 ? -1 : 0;
        }
        return i;
    }
    if (i >= len) {
        return step < 0 ? len - 1 : len;
    }
    return i;
}

/* start, step and the number of items of x[start_o:stop_o:step_o] for a
 * sequence of length len; 0 when an operand is not one this change takes (the
 * step 0 included). None bounds are PySlice_Unpack's: the far end in the
 * step's direction. With one-digit bounds and step nothing overflows. */
static inline int
ff_stepped_indices(PyObject *start_o, PyObject *stop_o, PyObject *step_o, Py_ssize_t len,
                   Py_ssize_t *start, Py_ssize_t *step, Py_ssize_t *count)
{
    Py_ssize_t stop;
    if (!ff_slice_bound(step_o, 1, step) || *step == 0) {
        return 0;
    }
    if (!ff_slice_bound(start_o, *step < 0 ? PY_SSIZE_T_MAX : 0, start)
        || !ff_slice_bound(stop_o, *step < 0 ? -len - 1 : PY_SSIZE_T_MAX, &stop)) {
        return 0;
    }
    *start = ff_adjust_stepped_bound(*start, len, *step);
    stop = ff_adjust_stepped_bound(stop, len, *step);
    if (*step < 0) {
        *count = stop < *start ? (*start - stop - 1) / (-*step) + 1 : 0;
    }
    else {
        *count = *start < stop ? (stop - *start - 1) / *step + 1 : 0;
    }
    return 1;
}

/* A new tuple of count items of src, from start by step, each a new reference
 * (tuple_subscript's loop). */
static inline PyObject *
ff_stepped_tuple(PyObject **src, Py_ssize_t start, Py_ssize_t step, Py_ssize_t count)
{
    PyObject *res = PyTuple_New(count);
    if (res == NULL) {
        return NULL;
    }
    PyObject **dest = ((PyTupleObject *)res)->ob_item;
    for (Py_ssize_t i = 0, cur = start; i < count; i++, cur += step) {
        dest[i] = Py_NewRef(src[cur]);
    }
    return res;
}

/* A new list of count (> 0) items of src, from start by step, with room for
 * exactly those: list_subscript's list_new_prealloc (3.11), an empty list given
 * an item array that is not zeroed first (PyList_New(count) zeroes it with
 * PyMem_Calloc and memset, only for the
 * loop to overwrite it). The size is set once the items are in: a GC pass
 * cannot start between (PyMem_New runs no Python code and does not collect). */
static inline PyObject *
ff_stepped_list(PyObject **src, Py_ssize_t start, Py_ssize_t step, Py_ssize_t count)
{
    PyListObject *res = (PyListObject *)PyList_New(0);
    if (res == NULL) {
        return NULL;
    }
    PyObject **dest = PyMem_New(PyObject *, count);
    if (dest == NULL) {
        Py_DECREF(res);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0, cur = start; i < count; i++, cur += step) {
        dest[i] = Py_NewRef(src[cur]);
    }
    res->ob_item = dest;
    res->allocated = count;
    Py_SET_SIZE(res, count);
    return (PyObject *)res;
}

/* A new str of count characters of a ready str, from start by step, of the
 * narrowest kind that holds them (what unicode_subscript's general case makes). */
static inline PyObject *
ff_stepped_str(PyObject *s, Py_ssize_t start, Py_ssize_t step, Py_ssize_t count)
{
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    Py_UCS4 max_char = 127;
    if (!PyUnicode_IS_ASCII(s)) {
        max_char = 0;
        for (Py_ssize_t i = 0, cur = start; i < count; i++, cur += step) {
            Py_UCS4 ch = PyUnicode_READ(kind, data, cur);
            max_char = ch > max_char ? ch : max_char;
        }
    }
    PyObject *res = PyUnicode_New(count, max_char);
    if (res == NULL) {
        return NULL;
    }
    int res_kind = PyUnicode_KIND(res);
    void *res_data = PyUnicode_DATA(res);
    for (Py_ssize_t i = 0, cur = start; i < count; i++, cur += step) {
        PyUnicode_WRITE(res_kind, res_data, i, PyUnicode_READ(kind, data, cur));
    }
    return res;
}

/* container[start:stop:step] for an exact list, tuple or str: a new
 * reference, NULL with an exception (MemoryError), or FF_NO_SLICE. */
static inline PyObject *
ff_stepped_slice(PyObject *container, PyObject *start_o, PyObject *stop_o, PyObject *step_o)
{
    Py_ssize_t start, step, count;
    int is_list = PyList_CheckExact(container);
    if (is_list || PyTuple_CheckExact(container)) {
        if (!ff_stepped_indices(start_o, stop_o, step_o, Py_SIZE(container), &start, &step, &count)) {
            return FF_NO_SLICE;
        }
        if (count == 0) {
            return is_list ? PyList_New(0) : PyTuple_New(0);   /* the empty tuple is a singleton */
        }
        if (step == 1) {
            /* list_slice/tuple_slice: the whole exact tuple is itself. */
            return is_list ? PyList_GetSlice(container, start, start + count)
                           : PyTuple_GetSlice(container, start, start + count);
        }
        return is_list ? ff_stepped_list(((PyListObject *)container)->ob_item, start, step, count)
                       : ff_stepped_tuple(((PyTupleObject *)container)->ob_item, start, step, count);
    }
    if (PyUnicode_CheckExact(container) && PyUnicode_IS_READY(container)) {
        if (!ff_stepped_indices(start_o, stop_o, step_o, PyUnicode_GET_LENGTH(container),
                                &start, &step, &count)) {
            return FF_NO_SLICE;
        }
        if (count == 0) {
            return PyUnicode_New(0, 0);   /* the empty str singleton */
        }
        if (step == 1) {
            /* The whole exact str is itself (start is not negative here). */
            return PyUnicode_Substring(container, start, start + count);
        }
        return ff_stepped_str(container, start, step, count);
    }
    return FF_NO_SLICE;
}

/* FF_SUBSCRIPT_STEPPED_SLICE(): s2.stepped_slice's body, in BUILD_SLICE
 * (three operands) when the next instruction is BINARY_SUBSCR (any member):
 * the stack holds the container, start, stop and step. As FF_SUBSCRIPT_SLICE
 * (slices.h): the subscript becomes the instruction that runs, the operands
 * are released after the result is made, and the subscript is skipped. */
#define FF_SUBSCRIPT_STEPPED_SLICE() \
    do { \
        PyObject *step_ = stack_pointer[-1], *stop_ = stack_pointer[-2]; \
        PyObject *start_ = stack_pointer[-3], *container_ = stack_pointer[-4]; \
        PyObject *res_ = ff_stepped_slice(container_, start_, stop_, step_); \
        if (res_ != FF_NO_SLICE) { \
            JUMPBY(1); \
            SET_PREV_INSTR(); \
            STACK_SHRINK(4); \
            Py_DECREF(start_); \
            Py_DECREF(stop_); \
            Py_DECREF(step_); \
            Py_DECREF(container_); \
            if (res_ == NULL) { \
                goto error; \
            } \
            *stack_pointer++ = res_; \
            JUMPBY(ff_cache_size[FF_BINARY_SUBSCR]); \
            DISPATCH(); \
        } \
    } while (0)

#endif
