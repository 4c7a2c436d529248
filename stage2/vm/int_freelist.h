/* s2.int_freelist (int_freelist.def, int_freelist.c): compact ints made and
 * freed by stage 2's loop without CPython's allocator.
 *
 * Rules of this file:
 * - A result in CPython's small-int range is CPython's own singleton, read from
 *   3.11's table (_PyLong_SMALL_INTS, internal/pycore_long.h), so `(5+1) is 6`
 *   stays true; int_freelist.c checks once that the table is the one
 *   PyLong_FromLong hands out, and the change stays off if it is not.
 * - Any other result of one 30-bit digit is an exact int taken from a bounded
 *   list of dead exact ints, or made with PyObject_Malloc of the size CPython
 *   3.11's _PyLong_New(1) asks for; so every object on the list, whoever made
 *   it, can later be freed by CPython's own dealloc (3.11's int has no
 *   tp_dealloc of its own: object_dealloc -> PyObject_Free).
 * - Only exact ints whose ob_size is -1, 0 or 1 go on the list, only where the
 *   loop itself drops the last reference (the count reached zero: nothing is
 *   paid otherwise). Bools and subclasses never do.
 * - Included by stage 2's loop before eval_macros.h: it turns on the base VM's
 *   seam for the dealloc of a local's old value (SETLOCAL) and of an
 *   instruction's consumed input (DECREF_INPUTS): FF_DEALLOC_DROPPED. */
#ifndef FIVEFOLD_S2_INT_FREELIST_H
#define FIVEFOLD_S2_INT_FREELIST_H

#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "internal/pycore_long.h"    /* _PyLong_SMALL_INTS, _PY_NSMALLNEGINTS */
#include "internal/pycore_pymem.h"   /* _Py_tracemalloc_config */

/* The bound. A loop's int temporaries die as fast as they are made (one or two
 * on the list at a time in the targets); the bound only caps what a burst of
 * drops (a frame's locals, a long run of stores) keeps out of the allocator.
 * 100 is CPython 3.11's float free list and 3.14's int free list: 3.2 KB at
 * most (pymalloc's 32-byte class). */
#define FF_INT_FREELIST_LIMIT 100

/* Hidden: the loop reads them directly, not through the GOT. */
#define FF_HIDDEN __attribute__((visibility("hidden")))
extern int ff_int_freelist_on FF_HIDDEN;       /* stage.c: on while the change is (and the table checks) */
extern PyObject *ff_int_free_head FF_HIDDEN;   /* linked through ob_type */
extern int ff_int_free_count FF_HIDDEN;

/* The bytes CPython 3.11's _PyLong_New asks PyObject_Malloc for an int of one
 * digit (or none: it always keeps one). */
#define FF_INT_ONE_DIGIT_BYTES (offsetof(PyLongObject, ob_digit) + sizeof(digit))

/* Whether a dead exact int may go on the list: at most one digit (its block
 * holds at least FF_INT_ONE_DIGIT_BYTES), and room on the list. */
static inline int
ff_int_freelist_fits(PyObject *o)
{
    return (size_t)(Py_SIZE(o) + 1) < 3 && ff_int_free_count < FF_INT_FREELIST_LIMIT;
}

/* The same for any dead object: an exact int that fits. */
static inline int
ff_int_freelist_takes(PyObject *o)
{
    return Py_IS_TYPE(o, &PyLong_Type) && ff_int_freelist_fits(o);
}

static inline void
ff_int_freelist_push(PyObject *o)
{
    o->ob_type = (PyTypeObject *)ff_int_free_head;
    ff_int_free_head = o;
    ff_int_free_count++;
}

/* An object whose count the loop just took to zero: onto the list if it takes
 * it, else CPython's dealloc. */
static inline void
ff_int_dealloc(PyObject *o)
{
    if (ff_int_freelist_takes(o)) {
        ff_int_freelist_push(o);
    }
    else {
        _Py_Dealloc(o);
    }
}

/* Out of line, for the many drop sites of the base VM's seam. */
void ff_int_dealloc_dropped(PyObject *o) FF_HIDDEN;

/* The base VM's seam (eval_macros.h): a local's old value or a consumed input
 * whose count reached zero. With the change off, the default (_Py_Dealloc)
 * after one test of the switch. */
#define FF_DEALLOC_DROPPED(o) \
    (ff_int_freelist_on ? ff_int_dealloc_dropped(o) : _Py_Dealloc(o))

/* What 3.11's _PyObject_Init does for a static type in a release build: the
 * type, then _Py_NewReference (tracemalloc told of the object while it traces,
 * as CPython's free lists do; then a count of 1). */
static inline void
ff_int_init_header(PyObject *o)
{
    o->ob_type = &PyLong_Type;
    if (_Py_tracemalloc_config.tracing) {
        _Py_NewReference(o);
    }
    else {
        Py_SET_REFCNT(o, 1);
    }
}

/* int_freelist.c: ff_int_from_ll when the list is empty (fresh memory) or v
 * is wider than one digit (PyLong_FromLongLong). */
PyObject *ff_int_from_ll_slow(long long v) FF_HIDDEN;

/* An exact int of value v (a new reference, or NULL with MemoryError): the
 * small-int singleton, an int of one digit from the list, else the slow way.
 * Always inlined: a call costs a third of what the list saves. */
static inline Py_ALWAYS_INLINE PyObject *
ff_int_from_ll(long long v)
{
    if ((unsigned long long)v + _PY_NSMALLNEGINTS < (unsigned long long)(_PY_NSMALLNEGINTS + _PY_NSMALLPOSINTS)) {
        PyObject *small = (PyObject *)&_PyLong_SMALL_INTS[_PY_NSMALLNEGINTS + v];
        Py_INCREF(small);
        return small;
    }
    unsigned long long magnitude = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    PyObject *o = ff_int_free_head;
    if (o == NULL || magnitude >= (1ULL << PyLong_SHIFT)) {
        return ff_int_from_ll_slow(v);
    }
    ff_int_free_head = (PyObject *)o->ob_type;
    ff_int_free_count--;
    ff_int_init_header(o);
    Py_SET_SIZE(o, v < 0 ? -1 : 1);
    ((PyLongObject *)o)->ob_digit[0] = (digit)magnitude;
    return o;
}

/* Py_DECREF of an operand known to be an exact int (the members' guards). */
static inline FF_HOT_INLINE void
ff_exact_int_decref(PyObject *o)
{
    if (--o->ob_refcnt == 0) {
        if (ff_int_freelist_fits(o)) {
            ff_int_freelist_push(o);
        }
        else {
            _Py_Dealloc(o);
        }
    }
}

/* FF_INT_RESULT(value): the end of a composed op (int_freelist.def) whose
 * inputs are the exact ints `left` and `right` of a BINARY_OP member: the
 * result made as above replaces both, each released with the list's decref,
 * and the instruction ends after BINARY_OP's one cache unit. On MemoryError the
 * stack is left as it was (the unwinder releases both). */
#define FF_INT_RESULT(value) \
    do { \
        PyObject *res_ = ff_int_from_ll(value); \
        if (res_ == NULL) { \
            goto error; \
        } \
        ff_exact_int_decref(left); \
        ff_exact_int_decref(right); \
        STACK_SHRINK(1); \
        stack_pointer[-1] = res_; \
        JUMPBY(1); \
        DISPATCH(); \
    } while (0)

/* int_freelist.c: whether 3.11's small-int table is the one PyLong_FromLong
 * uses (1), checked once; the list emptied at exit (registered once). */
int ff_int_freelist_ready(void);

#endif
