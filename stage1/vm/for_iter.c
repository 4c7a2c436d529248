/* s1.for_iter: the specializer of FOR_ITER (for_iter.def has the members) and
 * FOR_ITER_GEN's resumption of a generator. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "for_iter.h"

/* 1 when CPython's list, tuple and range iterators are laid out as for_iter.h
 * says, 0 if not; checked once, on live iterators, with their known states. */
static int
check_layouts(void)
{
    int ok = PyListIter_Type.tp_basicsize == sizeof(ff_seq_iterator)
             && PyTupleIter_Type.tp_basicsize == sizeof(ff_seq_iterator)
             && PyRangeIter_Type.tp_basicsize == sizeof(ff_range_iterator);
    PyObject *list = ok ? Py_BuildValue("[ii]", 7, 8) : NULL;
    PyObject *tuple = list ? PyList_AsTuple(list) : NULL;
    PyObject *range = tuple ? PyObject_CallFunction((PyObject *)&PyRange_Type, "iii", 5, 100, 3) : NULL;
    PyObject *iters[3] = {NULL, NULL, NULL};
    if (range != NULL) {
        iters[0] = PyObject_GetIter(list);
        iters[1] = PyObject_GetIter(tuple);
        iters[2] = PyObject_GetIter(range);
    }
    ok = ok && iters[0] && iters[1] && iters[2]
         && Py_TYPE(iters[0]) == &PyListIter_Type && Py_TYPE(iters[1]) == &PyTupleIter_Type
         && Py_TYPE(iters[2]) == &PyRangeIter_Type;
    for (int i = 0; ok && i < 3; i++) {
        PyObject *first = PyIter_Next(iters[i]);
        ok = first != NULL;
        Py_XDECREF(first);
    }
    if (ok) {
        ff_seq_iterator *l = (ff_seq_iterator *)iters[0], *t = (ff_seq_iterator *)iters[1];
        ff_range_iterator *r = (ff_range_iterator *)iters[2];
        ok = l->it_index == 1 && l->it_seq == list && t->it_index == 1 && t->it_seq == tuple
             && r->index == 1 && r->start == 5 && r->step == 3 && r->len == 32;
    }
    for (int i = 0; i < 3; i++) {
        Py_XDECREF(iters[i]);
    }
    Py_XDECREF(range);
    Py_XDECREF(tuple);
    Py_XDECREF(list);
    PyErr_Clear();   /* a failure here only means: stay generic */
    return ok;
}

static int
layouts_match(void)
{
    static int known = -1;
    if (known < 0) {
        known = check_layouts();
    }
    return known;
}

/* What gen_iternext -> gen_send_ex2 -> _PyEval_EvalFrame -> PEP 523 does for
 * next(gen), in the same order, minus those calls and the evaluator hook: the
 * frame is run by fivefold's loop directly. A value returned by the generator
 * is dropped (FOR_ITER would clear the StopIteration carrying it), after the
 * frame is released, as in CPython. */
PyObject *
ff_generator_next(PyThreadState *tstate, PyGenObject *gen)
{
    _PyInterpreterFrame *frame = ff_generator_enter(tstate, gen, Py_NewRef(Py_None));
    frame->previous = tstate->cframe->current_frame;
    PyObject *result = ff_eval_frame(tstate, frame, 0);
    if (gen->gi_frame_state == FRAME_EXECUTING) {
        gen->gi_frame_state = FRAME_COMPLETED;
    }
    tstate->exc_info = gen->gi_exc_state.previous_item;
    gen->gi_exc_state.previous_item = NULL;
    frame->previous = NULL;
    if (result != NULL && gen->gi_frame_state == FRAME_SUSPENDED) {
        return result;   /* yielded */
    }
    if (result == NULL && PyErr_ExceptionMatches(PyExc_StopIteration)) {
        _PyErr_FormatFromCause(PyExc_RuntimeError, "generator raised StopIteration");
    }
    ff_generator_release(gen);
    Py_XDECREF(result);
    return NULL;
}

void
ff_specialize_for_iter(PyObject *iter, _Py_CODEUNIT *instr)
{
    PyTypeObject *type = Py_TYPE(iter);
    if (!ff_family_enabled[FF_FOR_ITER]) {
        ff_specialize_fail(instr, FF_FOR_ITER, "switched off");
    }
    else if (PyGen_CheckExact(iter)) {
        if (ff_generator_resumable(iter)) {
            ff_specialize_to(instr, FF_FOR_ITER, FF_FOR_ITER_GEN);
        }
        else {
            ff_specialize_fail(instr, FF_FOR_ITER, (((PyGenObject *)iter)->gi_code->co_flags & CO_FIVEFOLD)
                                                   ? "generator running or finished" : "generator of CPython code");
        }
    }
    else if (type != &PyListIter_Type && type != &PyTupleIter_Type && type != &PyRangeIter_Type) {
        ff_specialize_fail(instr, FF_FOR_ITER, type == &PyLongRangeIter_Type ? "range beyond a C long"
                                               : "other iterator");
    }
    else if (!layouts_match()) {
        ff_specialize_fail(instr, FF_FOR_ITER, "iterator layout differs from CPython 3.11's");
    }
    else {
        ff_specialize_to(instr, FF_FOR_ITER, type == &PyListIter_Type ? FF_FOR_ITER_LIST
                                             : type == &PyTupleIter_Type ? FF_FOR_ITER_TUPLE
                                             : FF_FOR_ITER_RANGE);
    }
}
