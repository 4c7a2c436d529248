/* s2.collect_generators (collect_generators.def): what tuple(g), list(g),
 * set(g), any(g) and all(g) keep while their generator runs in the loop, in the
 * call's NULL slot: a list of the items for tuple() and list(), the set itself,
 * None for any() and all(). Each item is taken as the C function takes it from
 * tp_iternext, in the same order (a set's __hash__/__eq__, a __bool__ run
 * between two resumptions). sum(g) stays the C function's: tried, it cost 21
 * instructions an item more (stage2/README.md), since builtin_sum adds exact
 * ints in a C long and an add here makes an int object per item. */
#ifndef FIVEFOLD_COLLECT_GENERATORS_H
#define FIVEFOLD_COLLECT_GENERATORS_H

#include "vm_internal.h"

extern int ff_collect_generators;   /* s2.collect_generators */
/* The builtins any and all (NULL until found: ff_collect_generators_ready). */
extern PyObject *ff_builtin_any, *ff_builtin_all;
int ff_collect_generators_ready(void);

/* Is cls one whose call with a generator this change runs in the loop? */
static inline int
ff_collects_items(PyObject *cls)
{
    return cls == (PyObject *)&PyTuple_Type || cls == (PyObject *)&PyList_Type
           || cls == (PyObject *)&PySet_Type || cls == ff_builtin_any || cls == ff_builtin_all;
}

/* Does the call count a recursion level while the generator runs? any() and
 * all() do, as CPython 3.11's METH_O calls (PRECALL_NO_KW_BUILTIN_O) count one;
 * class calls count none. */
static inline int
ff_collect_counts_level(PyObject *cls)
{
    return cls == ff_builtin_any || cls == ff_builtin_all;
}

/* What the call keeps for cls (a new reference, or NULL with an exception):
 * list(g)'s list is the result itself, made room for as list_extend makes room. */
PyObject *ff_collection_new(PyObject *cls);

/* Take one item (the reference too) into what the call keeps (`kept`): 0 to go
 * on, 1 when the result is decided (any found a true item, all a false one), -1
 * with an exception. What is kept tells the kind: a list (tuple(), list()), a
 * set, or None (any(), all(): `cls` tells which). A list with room takes the
 * item in place, as list_extend and _PyList_AppendTakeRef do; else
 * PyList_Append grows it as they would. A bool is decided without
 * PyObject_IsTrue. */
static inline int
ff_collect_item(PyObject *kept, PyObject *cls, PyObject *value)
{
    int result;
    if (PyList_CheckExact(kept)) {
        PyListObject *list = (PyListObject *)kept;
        if (Py_SIZE(list) < list->allocated) {
            PyList_SET_ITEM(list, Py_SIZE(list), value);
            Py_SET_SIZE(list, Py_SIZE(list) + 1);
            return 0;
        }
        result = PyList_Append(kept, value);
    }
    else if (PySet_CheckExact(kept)) {
        result = PySet_Add(kept, value);
    }
    else {
        int truth = value == Py_True ? 1 : value == Py_False ? 0 : PyObject_IsTrue(value);
        Py_DECREF(value);
        if (truth < 0) {
            return -1;
        }
        return cls == ff_builtin_any ? truth : !truth;
    }
    Py_DECREF(value);
    return result;
}

/* The generator's remaining items, the C way (it is no longer resumable here,
 * or the thread traces): as ff_collect_item. */
int ff_collect_rest(PyObject *kept, PyObject *cls, PyObject *gen);

/* What the call returns (a new reference, or NULL with an exception); `decided`
 * is ff_collect_item's 1. The kept collection is not released. */
PyObject *ff_collection_result(PyObject *cls, PyObject *collection, int decided);

#endif
