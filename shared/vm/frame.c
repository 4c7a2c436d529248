/* Frame glue: generators, coroutines and async generators made from a running
 * frame, and traceback entries.
 *
 * CPython's _Py_MakeCoro and _PyFrame_Copy are not exported, so
 * RETURN_GENERATOR goes through the public PyGen_NewWithQualName, PyCoro_New
 * or PyAsyncGen_New (by the code's flags, as _Py_MakeCoro chooses): each takes
 * a frame object that owns its frame data and moves that data into the new
 * object. We make such a frame object with PyFrame_New, replace its data
 * with this frame's (moving the references) and hand it over. */
#include "vm_internal.h"

/* ff_frame_moved_out's part for a frame CPython or a frame object will clear
 * (vm_internal.h): its locals moved (NULLed so they are not released twice),
 * and it keeps references of its own to the function and the code. A frame a
 * loop pushed, with no frame object, is popped by giving its space back
 * (exit_generator_created) and needs none of this. */
void
ff_frame_keep_function_and_code(_PyInterpreterFrame *frame)
{
    for (int i = 0; i < frame->stacktop; i++) {
        frame->localsplus[i] = NULL;
    }
    Py_INCREF(frame->f_func);
    Py_INCREF(frame->f_code);
}

PyObject *
ff_make_generator(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyCodeObject *co = frame->f_code;
    PyFunctionObject *func = frame->f_func;
    /* @types.coroutine generators (CO_ITERABLE_COROUTINE) are plain generators. */
    PyObject *(*make)(PyFrameObject *, PyObject *, PyObject *) = PyGen_NewWithQualName;
    if (co->co_flags & CO_COROUTINE) {
        make = PyCoro_New;
    }
    else if (co->co_flags & CO_ASYNC_GENERATOR) {
        make = PyAsyncGen_New;
    }
    PyFrameObject *f = PyFrame_New(tstate, co, frame->f_globals, NULL);
    if (f == NULL) {
        return NULL;
    }
    _PyInterpreterFrame *data = (_PyInterpreterFrame *)f->_f_frame_data;
    /* Release what PyFrame_New put there: a stand-in function, the code, no
     * locals; the slots are all NULL. */
    PyObject *stand_in = (PyObject *)data->f_func;
    PyObject *old_code = (PyObject *)data->f_code;
    PyObject *old_locals = data->f_locals;
    for (int i = 0; i < data->stacktop; i++) {
        Py_CLEAR(data->localsplus[i]);
    }
    /* Move this frame in: specials, locals and the (empty) value stack. */
    size_t size = (char *)&frame->localsplus[frame->stacktop] - (char *)frame;
    memcpy(data, frame, size);
    data->frame_obj = NULL;
    data->previous = NULL;
    data->owner = FRAME_OWNED_BY_FRAME_OBJECT;
    Py_DECREF(stand_in);
    Py_DECREF(old_code);
    Py_XDECREF(old_locals);
    ff_frame_moved_out(frame);
    /* Steals f; the generator owns the frame data from now on.
     * CPython 3.11's gen_new_with_qualname takes two references to the code for
     * gi_code (PyFrame_GetCode's and an extra Py_INCREF) and releases one: left
     * alone, every generator would leak a reference to its code. Count the new
     * references (with the GC off, nothing else can run in between) and drop
     * the extra one, so a CPython that does not have the bug is not hurt. */
    PyObject *code_obj = (PyObject *)co;
    int gc_was_enabled = PyGC_Disable();
    Py_ssize_t before = Py_REFCNT(code_obj);
    /* PyCoro_New records cr_origin (sys.set_coroutine_origin_tracking_depth)
     * from the current frame on; _Py_MakeCoro starts below the coroutine's own
     * frame, so this frame is unlinked meanwhile (it has not reached its RESUME:
     * nothing looks for it). */
    _PyCFrame *cframe = tstate->cframe;
    _PyInterpreterFrame *current = cframe->current_frame;
    if (current == frame) {
        cframe->current_frame = frame->previous;
    }
    PyObject *gen = make(f, func->func_name, func->func_qualname);
    cframe->current_frame = current;
    if (gen != NULL && Py_REFCNT(code_obj) - before == 2) {
        Py_DECREF(code_obj);
    }
    if (gc_was_enabled) {
        PyGC_Enable();
    }
    return gen;
}

void
ff_add_traceback(_PyInterpreterFrame *frame)
{
    /* As CPython: no entry for a frame that has not reached its first RESUME. */
    if (_PyFrame_IsIncomplete(frame)) {
        return;
    }
    PyFrameObject *f = frame->frame_obj;
    if (f == NULL) {
        /* This frame (the current one) as a frame object, borrowed. Making it
         * keeps the exception being raised (3.11's _PyFrame_MakeAndSetFrameObject
         * fetches and restores it around the allocation: checked in 3.11.7's
         * libpython), so no fetch and restore here. On MemoryError it has
         * dropped that exception and PyEval_GetFrame clears the MemoryError:
         * CPython's error path is left with the MemoryError, so is this one. */
        f = PyEval_GetFrame();
        if (f == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_NoMemory();
            }
            return;
        }
    }
    PyTraceBack_Here(f);
}

/* run_as_main(code, globals): run a program's module code as `python prog.py`
 * would, below no Python frame: the caller's frames (a runner's) are hidden
 * from f_back, sys._getframe and tracebacks, and the recursion depth starts
 * from zero, so RecursionError strikes at the same depth as under CPython. */
PyObject *
ff_run_as_main(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyCode_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "run_as_main(code, globals): a code object and a dict");
        return NULL;
    }
    PyThreadState *tstate = PyThreadState_Get();
    _PyCFrame *cframe = tstate->cframe;
    _PyInterpreterFrame *caller = cframe->current_frame;
    int depth = tstate->recursion_limit - tstate->recursion_remaining;
    cframe->current_frame = NULL;
    tstate->recursion_remaining = tstate->recursion_limit;
    PyObject *result = PyEval_EvalCode(args[0], args[1], args[1]);
    /* sys.setrecursionlimit keeps limit - remaining (the depth) unchanged. */
    tstate->recursion_remaining = tstate->recursion_limit - depth;
    tstate->cframe->current_frame = caller;
    return result;
}

/* A frame of a finished call lets go of its contents, as CPython 3.11's
 * _PyFrame_Clear does (Python/frame.c; not exported, so restated here): a
 * frame object that outlives the call (a traceback or sys._getframe() holds it)
 * takes the frame's data over, with f_back linked to the caller's frame object
 * (take_ownership); otherwise the references go. The frame is already unlinked:
 * tstate's current frame is its caller (or it has none). */
void
ff_frame_clear(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyFrameObject *f = frame->frame_obj;
    if (f != NULL) {
        frame->frame_obj = NULL;
        if (Py_REFCNT(f) > 1) {
            _PyInterpreterFrame *data = (_PyInterpreterFrame *)f->_f_frame_data;
            size_t size = (char *)&frame->localsplus[frame->stacktop] - (char *)frame;
            memcpy(data, frame, size);
            f->f_frame = data;
            data->owner = FRAME_OWNED_BY_FRAME_OBJECT;
            _PyInterpreterFrame *prev = data->previous;
            while (prev != NULL && _PyFrame_IsIncomplete(prev)) {
                prev = prev->previous;
            }
            if (prev != NULL && f->f_back == NULL) {
                /* Only the current frame's object can be made from outside
                 * libpython (PyEval_GetFrame); the caller is the current frame. */
                PyFrameObject *back = prev->frame_obj;
                if (back == NULL && prev == tstate->cframe->current_frame) {
                    back = PyEval_GetFrame();   /* borrowed; NULL on MemoryError */
                    if (back == NULL) {
                        PyErr_Clear();
                    }
                }
                f->f_back = (PyFrameObject *)Py_XNewRef(back);
            }
            data->previous = NULL;
            if (!PyObject_GC_IsTracked((PyObject *)f)) {
                PyObject_GC_Track(f);
            }
            Py_DECREF(f);
            return;
        }
        Py_DECREF(f);
    }
    for (int i = 0; i < frame->stacktop; i++) {
        Py_XDECREF(frame->localsplus[i]);
    }
    Py_XDECREF(frame->f_locals);
    Py_DECREF(frame->f_func);
    Py_DECREF(frame->f_code);
}

/* Pop a thread-owned frame a loop pushed on the data stack (in-loop
 * calls): clear it, then give its space back. Such a frame is pushed only where
 * the current chunk has room, and calls made while it ran gave back any chunk
 * they took, so the top of the stack is its first word again
 * (_PyThreadState_PopFrame, not exported, also frees chunks: not needed here). */
void
ff_pop_thread_frame(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    tstate->recursion_remaining--;   /* as CPython's clear_thread_frame: finalizers run one level deeper */
    ff_frame_clear(tstate, frame);
    tstate->recursion_remaining++;
    tstate->datastack_top = (PyObject **)frame;
}

/* A finished generator lets go of its frame, as gen_send_ex2 does with
 * _PyFrame_Clear: the frame is already unlinked (previous is NULL). */
void
ff_generator_release(PyGenObject *gen)
{
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)gen->gi_iframe;
    Py_CLEAR(gen->gi_exc_state.exc_value);
    gen->gi_frame_state = FRAME_CLEARED;
    ff_frame_clear(_PyThreadState_GET(), frame);
}
