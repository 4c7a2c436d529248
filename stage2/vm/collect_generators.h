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

/* Does taking an item run no code of the program's (so the generator is still
 * the suspended one it was afterwards)? A list's append only. */
static inline int
ff_collect_runs_no_code(PyObject *cls)
{
    return cls == (PyObject *)&PyTuple_Type || cls == (PyObject *)&PyList_Type;
}

/* What the call keeps for cls (a new reference, or NULL with an exception):
 * list(g)'s list is the result itself, made room for as list_extend makes room. */
PyObject *ff_collection_new(PyObject *cls);

int ff_collect_item_slow(PyObject **slot, PyObject *cls, PyObject *value);

/* Take one item (the reference too): 0 to go on, 1 when the result is decided
 * (any found a true item, all a false one), -1 with an exception. *slot is what
 * the call keeps. A list with room takes the item in place,
 * as list_extend and _PyList_AppendTakeRef do; else PyList_Append grows it as
 * they would. */
static inline int
ff_collect_item(PyObject **slot, PyObject *cls, PyObject *value)
{
    if (ff_collect_runs_no_code(cls)) {
        PyListObject *list = (PyListObject *)*slot;
        if (Py_SIZE(list) < list->allocated) {
            PyList_SET_ITEM(list, Py_SIZE(list), value);
            Py_SET_SIZE(list, Py_SIZE(list) + 1);
            return 0;
        }
    }
    else if (value == Py_True || value == Py_False) {
        /* any() or all() of a bool: what PyObject_IsTrue would say, without
         * the call. */
        if (cls == ff_builtin_any || cls == ff_builtin_all) {
            int truth = value == Py_True;
            Py_DECREF(value);
            return cls == ff_builtin_any ? truth : !truth;
        }
    }
    return ff_collect_item_slow(slot, cls, value);
}

/* The generator's remaining items, the C way (it is no longer resumable here,
 * or the thread traces): as ff_collect_item. */
int ff_collect_rest(PyObject **slot, PyObject *cls, PyObject *gen);

/* What the call returns (a new reference, or NULL with an exception); `decided`
 * is ff_collect_item's 1. The kept collection is not released. */
PyObject *ff_collection_result(PyObject *cls, PyObject *collection, int decided);

#endif
