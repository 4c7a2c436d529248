/* s2.collect_generators (collect_generators.def): making the collection, the
 * C way for what is left, and the result.
 *
 * list(g)'s result must be the list CPython's list(g) makes, down to its
 * allocation (sys.getsizeof shows it): list___init__ -> list_extend sizes the
 * list for PyObject_LengthHint(g, 8) (a generator has no hint: 8), appends, and
 * cuts the allocation back with list_resize. list_resize is static in
 * listobject.c; its arithmetic is restated here from CPython 3.11 (the same in
 * 3.10-3.13), and tests/stage2/test_collect_generators.py compares
 * sys.getsizeof(list(g)) with CPython's for every length up to 200, so a
 * CPython whose growth differs fails there. */
#include "collect_generators.h"

int ff_collect_generators = 0;

/* The allocation list_resize(list, newsize) leaves (3.11's listobject.c). */
static size_t
resized_allocation(PyListObject *list, Py_ssize_t newsize)
{
    Py_ssize_t allocated = list->allocated;
    if (allocated >= newsize && newsize >= (allocated >> 1)) {
        return (size_t)allocated;
    }
    size_t new_allocated = ((size_t)newsize + (newsize >> 3) + 6) & ~(size_t)3;
    if (newsize - Py_SIZE(list) > (Py_ssize_t)(new_allocated - newsize)) {
        new_allocated = ((size_t)newsize + 3) & ~(size_t)3;
    }
    return newsize == 0 ? 0 : new_allocated;
}

/* list_resize's reallocation, for a list whose size stays as it is. */
static int
reallocate(PyListObject *list, Py_ssize_t newsize)
{
    size_t new_allocated = resized_allocation(list, newsize);
    if (new_allocated == (size_t)list->allocated) {
        return 0;
    }
    PyObject **items = PyMem_Realloc(list->ob_item, new_allocated * sizeof(PyObject *));
    if (items == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    list->ob_item = items;
    list->allocated = (Py_ssize_t)new_allocated;
    return 0;
}

PyObject *
ff_collection_new(PyObject *cls)
{
    if (cls == (PyObject *)&PySet_Type) {
        return PySet_New(NULL);
    }
    /* list_extend's guess (tuple()'s items are gathered in a list of the
     * same room: short tuples then never grow it). */
    PyObject *list = PyList_New(0);
    if (list != NULL && reallocate((PyListObject *)list, 8) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

/* As list_extend's and set_update_internal's loops: tp_iternext, then add. */
int
ff_collection_add_rest(PyObject *collection, PyObject *gen)
{
    iternextfunc next = Py_TYPE(gen)->tp_iternext;
    PyObject *item;
    while ((item = next(gen)) != NULL) {
        if (ff_collection_add(collection, item) < 0) {
            return -1;
        }
    }
    if (PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_StopIteration)) {
            return -1;
        }
        PyErr_Clear();
    }
    return 0;
}

PyObject *
ff_collection_result(PyObject *cls, PyObject *collection)
{
    if (cls == (PyObject *)&PyTuple_Type) {
        return PyList_AsTuple(collection);
    }
    if (cls == (PyObject *)&PyList_Type) {
        /* list_extend's cut-back of its guess. */
        PyListObject *list = (PyListObject *)collection;
        if (Py_SIZE(list) < list->allocated && reallocate(list, Py_SIZE(list)) < 0) {
            return NULL;
        }
    }
    return Py_NewRef(collection);
}
