/* s2.collect_generators (collect_generators.def): the collections tuple(g),
 * list(g) and set(g) build while their generator runs in the loop. A tuple's and
 * a list's items are gathered in a list, a set's in the set itself (its items'
 * __hash__ and __eq__ run as each comes, as set_update_internal runs them). */
#ifndef FIVEFOLD_COLLECT_GENERATORS_H
#define FIVEFOLD_COLLECT_GENERATORS_H

#include "vm_internal.h"

extern int ff_collect_generators;   /* s2.collect_generators */

/* Is cls one whose call with a generator this change runs in the loop? */
static inline int
ff_collects_items(PyObject *cls)
{
    return cls == (PyObject *)&PyTuple_Type || cls == (PyObject *)&PyList_Type
           || cls == (PyObject *)&PySet_Type;
}

/* The empty collection for cls (a new reference, or NULL with an exception):
 * list(g)'s is the result itself, made room for as list_extend makes room. */
PyObject *ff_collection_new(PyObject *cls);

/* Add value, taking the reference: 0, or -1 with an exception. A list grows as
 * list_extend grows it (in place while it has room). */
static inline int
ff_collection_add(PyObject *collection, PyObject *value)
{
    if (PyList_CheckExact(collection)) {
        return ff_list_append_take_ref(collection, value);
    }
    int err = PySet_Add(collection, value);
    Py_DECREF(value);
    return err;
}

/* The generator's remaining items, the C way (it is no longer resumable here,
 * or the thread traces): 0, or -1 with an exception. */
int ff_collection_add_rest(PyObject *collection, PyObject *gen);

/* What cls(g) returns for the items gathered (a new reference, or NULL with an
 * exception); the collection is not released. */
PyObject *ff_collection_result(PyObject *cls, PyObject *collection);

#endif
