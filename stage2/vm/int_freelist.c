/* s2.int_freelist: the list of dead compact ints (int_freelist.h says the
 * rules), its check of CPython 3.11's small-int table, and its emptying at exit. */
#include "int_freelist.h"

int ff_int_freelist_on = 0;
PyObject *ff_int_free_head = NULL;
int ff_int_free_count = 0;

void
ff_int_dealloc_dropped(PyObject *o)
{
    ff_int_dealloc(o);
}

PyObject *
ff_int_from_ll_slow(long long v)
{
    unsigned long long magnitude = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    if (magnitude >= (1ULL << PyLong_SHIFT)) {
        return PyLong_FromLongLong(v);
    }
    /* The list is empty: the block CPython's _PyLong_New(1) would take. */
    PyObject *o = PyObject_Malloc(FF_INT_ONE_DIGIT_BYTES);
    if (o == NULL) {
        return PyErr_NoMemory();
    }
    ff_int_init_header(o);
    Py_SET_SIZE(o, v < 0 ? -1 : 1);
    ((PyLongObject *)o)->ob_digit[0] = (digit)magnitude;
    return o;
}

/* Every block back to CPython's allocator (PyObject_Free, as int's dealloc). */
static void
empty_freelist(void)
{
    while (ff_int_free_head != NULL) {
        PyObject *o = ff_int_free_head;
        ff_int_free_head = (PyObject *)o->ob_type;
        PyObject_Free(o);
    }
    ff_int_free_count = 0;
}

/* 1 when _PyLong_SMALL_INTS (3.11's internal/pycore_long.h, the table in
 * _PyRuntime's global objects) holds the objects PyLong_FromLong returns for
 * the small range, from -_PY_NSMALLNEGINTS to _PY_NSMALLPOSINTS - 1, and no
 * further; 0 otherwise (another layout: the change stays off). */
static int
small_ints_known(void)
{
    if (PY_VERSION_HEX < 0x030B0000 || PY_VERSION_HEX >= 0x030C0000) {
        return 0;
    }
    PyLongObject *table = _PyLong_SMALL_INTS;
    uintptr_t table_bytes = sizeof(_PyLong_SMALL_INTS);
    if (table_bytes != (_PY_NSMALLNEGINTS + _PY_NSMALLPOSINTS) * sizeof(PyLongObject)) {
        return 0;
    }
    int known = 1;
    for (long v = -_PY_NSMALLNEGINTS - 1; v <= _PY_NSMALLPOSINTS; v++) {
        PyObject *o = PyLong_FromLong(v);
        if (o == NULL) {
            PyErr_Clear();
            return 0;
        }
        /* Just outside the range: not in the table at all (addresses compared
         * as integers, no element past its ends formed). */
        int small = v >= -_PY_NSMALLNEGINTS && v < _PY_NSMALLPOSINTS;
        int in_table = (uintptr_t)o - (uintptr_t)table < table_bytes;
        if (small ? o != (PyObject *)&table[_PY_NSMALLNEGINTS + v] : in_table) {
            known = 0;
        }
        Py_DECREF(o);
    }
    return known;
}

int
ff_int_freelist_ready(void)
{
    static int known = -1;
    if (known < 0) {
        known = small_ints_known();
        /* Py_AtExit runs after the interpreter is gone: no code can drop an int
         * onto the list after it. A failure to register (the table is full)
         * only leaves the blocks to the process's exit. */
        if (known) {
            (void)Py_AtExit(empty_freelist);
        }
    }
    return known;
}

/* For tests (ctypes; exported from the extension whatever its default
 * visibility): the list's length now, and whether the table check passed. */
__attribute__((visibility("default"))) int ff_int_freelist_length(void);
__attribute__((visibility("default"))) int ff_int_freelist_table_known(void);

int
ff_int_freelist_length(void)
{
    return ff_int_free_count;
}

int
ff_int_freelist_table_known(void)
{
    return ff_int_freelist_ready();
}
