/* s1.for_iter: the iterator objects FOR_ITER's members step without a call.
 *
 * CPython 3.11 keeps the structs of its list, tuple and range iterators private
 * to listobject.c, tupleobject.c and rangeobject.c (3.12 moves them to headers),
 * so they are restated here. ff_iterator_layouts_match() (for_iter.c) checks
 * them against live iterators before the first specialization: if the running
 * CPython lays them out otherwise, FOR_ITER stays generic. */
#ifndef FIVEFOLD_S1_FOR_ITER_H
#define FIVEFOLD_S1_FOR_ITER_H

#include <Python.h>

typedef struct {          /* listiterobject, tupleiterobject */
    PyObject_HEAD
    Py_ssize_t it_index;
    PyObject *it_seq;     /* NULL once exhausted */
} ff_seq_iterator;

typedef struct {          /* rangeiterobject: start + index * step while index < len */
    PyObject_HEAD
    long index;
    long start;
    long step;
    long len;
} ff_range_iterator;

/* The next item of a list or tuple iterator (a new reference), or NULL when it
 * is exhausted, in which case the iterator lets go of its sequence as CPython's
 * own tp_iternext does. `items` reads the sequence's item array: a list
 * iterator may run over a subclass of list, so the iterator's type, not the
 * sequence's, says which layout it has. */
static inline PyObject *
ff_seq_iterator_next(PyObject *iter, int is_list)
{
    ff_seq_iterator *it = (ff_seq_iterator *)iter;
    PyObject *seq = it->it_seq;
    if (seq == NULL) {
        return NULL;
    }
    if (it->it_index < Py_SIZE(seq)) {
        PyObject **items = is_list ? ((PyListObject *)seq)->ob_item : ((PyTupleObject *)seq)->ob_item;
        PyObject *item = items[it->it_index++];
        Py_INCREF(item);
        return item;
    }
    it->it_seq = NULL;
    Py_DECREF(seq);
    return NULL;
}

#ifdef FIVEFOLD_VM_INTERNAL_H
/* FOR_ITER_GEN's guard: exactly a generator, over fivefold code, neither
 * running nor finished (a running one is CPython's "generator already
 * executing", a finished one is exhausted: both are the generic instruction's). */
static inline FF_HOT_INLINE int
ff_generator_resumable(PyObject *iter)
{
    if (Py_TYPE(iter) != &PyGen_Type) {
        return 0;
    }
    PyGenObject *gen = (PyGenObject *)iter;
    return gen->gi_frame_state < FRAME_EXECUTING && ff_code_of_shadow(gen->gi_code) != NULL;
}

/* FOR_ITER_GEN's body (for_iter.c): next(gen) for a resumable generator -- a
 * new reference; NULL without an exception when it finished; NULL with one
 * when it raised. */
PyObject *ff_generator_next(PyThreadState *tstate, PyGenObject *gen);
#endif

#endif
