/* s2.binary_slice and s2.store_slice: `x[a:b]` and `x[a:b] = v` without the
 * slice object, for BUILD_SLICE followed by BINARY_SUBSCR or STORE_SUBSCR
 * (binary_slice.def, store_slice.def). Only what CPython's generic path would
 * compute the same way is done here: an exact list, tuple or str (list only,
 * for a store) and bounds that are None or exact ints of at most one digit;
 * anything else (subclasses, bools, __index__ objects, huge ints) takes
 * BUILD_SLICE and the subscript as compiled. */
#ifndef FIVEFOLD_S2_SLICES_H
#define FIVEFOLD_S2_SLICES_H

#include "vm_internal.h"

extern int ff_binary_slice_on;   /* s2.binary_slice */
extern int ff_store_slice_on;    /* s2.store_slice */

/* The value of a slice bound: None is `none_value`; an exact int of at most
 * one digit (in CPython 3.11 ob_size is the signed digit count) its value.
 * 0 for anything else, which _PyEval_SliceIndex would have to convert. */
static inline int
ff_slice_bound(PyObject *bound, Py_ssize_t none_value, Py_ssize_t *out)
{
    if (bound == Py_None) {
        *out = none_value;
        return 1;
    }
    if (!PyLong_CheckExact(bound) || (size_t)(Py_SIZE(bound) + 1) > 2) {
        return 0;
    }
    Py_ssize_t digit = Py_SIZE(bound) ? (Py_ssize_t)((PyLongObject *)bound)->ob_digit[0] : 0;
    *out = Py_SIZE(bound) < 0 ? -digit : digit;
    return 1;
}

/* Clip a step-1 bound into [0, len], counting a negative one from the end:
 * PySlice_AdjustIndices for a positive step (restated from CPython 3.11's
 * Objects/sliceobject.c). */
static inline Py_ssize_t
ff_clip_slice_bound(Py_ssize_t i, Py_ssize_t len)
{
    if (i < 0) {
        i += len;
        return i < 0 ? 0 : i;
    }
    return i > len ? len : i;
}

/* [start:stop] of a sequence of length len, as PySlice_Unpack and
 * PySlice_AdjustIndices give them for a slice with no step (stop may end up
 * below start: an empty slice); 0 when a bound is not one ff_slice_bound takes. */
static inline int
ff_slice_indices(PyObject *start, PyObject *stop, Py_ssize_t len, Py_ssize_t *lo, Py_ssize_t *hi)
{
    if (!ff_slice_bound(start, 0, lo) || !ff_slice_bound(stop, PY_SSIZE_T_MAX, hi)) {
        return 0;
    }
    *lo = ff_clip_slice_bound(*lo, len);
    *hi = ff_clip_slice_bound(*hi, len);
    return 1;
}

/* What BUILD_SLICE then BINARY_SUBSCR would give (not yet tried). */
#define FF_NO_SLICE ((PyObject *)(uintptr_t)1)

/* container[start:stop] for an exact list, tuple or str: a new reference, NULL
 * with an exception (MemoryError), or FF_NO_SLICE when the generic path must
 * do it. list_subscript, tuple_subscript and unicode_subscript (3.11) call the
 * functions used here for a step of 1, which also give back an exact tuple or
 * str itself when the slice is all of it and the empty singletons. */
static inline PyObject *
ff_binary_slice(PyObject *container, PyObject *start, PyObject *stop)
{
    Py_ssize_t lo, hi;
    if (PyList_CheckExact(container)) {
        if (ff_slice_indices(start, stop, PyList_GET_SIZE(container), &lo, &hi)) {
            return PyList_GetSlice(container, lo, hi);
        }
    }
    else if (PyTuple_CheckExact(container)) {
        if (ff_slice_indices(start, stop, PyTuple_GET_SIZE(container), &lo, &hi)) {
            return PyTuple_GetSlice(container, lo, hi);
        }
    }
    else if (PyUnicode_CheckExact(container)) {
        /* A str made by a legacy API may not be ready: its length is not known
         * yet (unicode_subscript readies it first, which can fail). */
        if (PyUnicode_IS_READY(container)
            && ff_slice_indices(start, stop, PyUnicode_GET_LENGTH(container), &lo, &hi)) {
            return PyUnicode_Substring(container, lo, hi < lo ? lo : hi);
        }
    }
    return FF_NO_SLICE;
}

/* FF_SUBSCRIPT_SLICE(): s2.binary_slice's body, in BUILD_SLICE (two bounds)
 * when the next instruction is BINARY_SUBSCR (any member): the stack holds the
 * container and the bounds. When ff_binary_slice can do it, the subscript is
 * done here and skipped: it becomes the instruction that runs (prev_instr,
 * next_instr as BINARY_SUBSCR would have them, for tracebacks, handlers and
 * whatever the releases below run), and the bounds and the container are
 * released after the result is made, as BINARY_SUBSCR releases them. */
#define FF_SUBSCRIPT_SLICE() \
    do { \
        PyObject *stop_ = stack_pointer[-1], *start_ = stack_pointer[-2], *container_ = stack_pointer[-3]; \
        PyObject *res_ = ff_binary_slice(container_, start_, stop_); \
        if (res_ != FF_NO_SLICE) { \
            JUMPBY(1); \
            SET_PREV_INSTR(); \
            STACK_SHRINK(3); \
            Py_DECREF(start_); \
            Py_DECREF(stop_); \
            Py_DECREF(container_); \
            if (res_ == NULL) { \
                goto error; \
            } \
            *stack_pointer++ = res_; \
            JUMPBY(ff_cache_size[FF_BINARY_SUBSCR]); \
            DISPATCH(); \
        } \
    } while (0)

/* FF_STORE_SLICE(): s2.store_slice's body, in BUILD_SLICE (two bounds) when
 * the next instruction is STORE_SUBSCR (any member): the stack holds the value,
 * the container and the bounds. For an exact list, list_ass_subscript's
 * step-1 path (3.11): the bounds adjusted to the list's length, then
 * PyList_SetSlice (its list_ass_slice), which may run code (iterating the
 * value, finalizers of the items replaced): the store is the instruction that
 * runs before it is called. */
#define FF_STORE_SLICE() \
    do { \
        PyObject *stop_ = stack_pointer[-1], *start_ = stack_pointer[-2], *container_ = stack_pointer[-3]; \
        Py_ssize_t lo_, hi_; \
        if (PyList_CheckExact(container_) \
            && ff_slice_indices(start_, stop_, PyList_GET_SIZE(container_), &lo_, &hi_)) { \
            PyObject *value_ = stack_pointer[-4]; \
            JUMPBY(1); \
            SET_PREV_INSTR(); \
            STACK_SHRINK(4); \
            int err_ = PyList_SetSlice(container_, lo_, hi_, value_); \
            Py_DECREF(value_); \
            Py_DECREF(container_); \
            Py_DECREF(start_); \
            Py_DECREF(stop_); \
            if (err_ < 0) { \
                goto error; \
            } \
            JUMPBY(ff_cache_size[FF_STORE_SUBSCR]); \
            DISPATCH(); \
        } \
    } while (0)

#endif
