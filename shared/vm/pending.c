/* The eval breaker: what a backward jump does when CPython asks the running
 * code to stop by (signals, pending calls, a GIL drop request, an exception
 * sent with PyThreadState_SetAsyncExc). CPython's _Py_HandlePending is not
 * exported; this does the same through exported functions. */
#include "vm_internal.h"

/* Recompute the interpreter's eval_breaker after clearing a request. */
static void
recompute_eval_breaker(PyInterpreterState *interp)
{
    struct _ceval_state *ceval2 = &interp->ceval;
    int value = _Py_atomic_load_relaxed(&ceval2->gil_drop_request)
        | (_Py_atomic_load_relaxed(&_PyRuntime.ceval.signals_pending)
           && PyThread_get_thread_ident() == _PyRuntime.main_thread
           && interp == _PyRuntime.interpreters.main)
        | _Py_atomic_load_relaxed(&ceval2->pending.calls_to_do)
        | ceval2->pending.async_exc;
    _Py_atomic_store_relaxed(&ceval2->eval_breaker, value);
}

int
ff_handle_pending(PyThreadState *tstate)
{
    PyInterpreterState *interp = tstate->interp;
    /* Signal handlers and pending calls (main thread only, as CPython). */
    if (Py_MakePendingCalls() < 0) {
        return -1;
    }
    /* Another thread wants the GIL: let it run. */
    if (_Py_atomic_load_relaxed(&interp->ceval.gil_drop_request)) {
        PyThreadState *saved = PyEval_SaveThread();
        PyEval_RestoreThread(saved);
    }
    /* An exception raised in this thread from elsewhere. */
    if (tstate->async_exc != NULL) {
        PyObject *exc = tstate->async_exc;
        tstate->async_exc = NULL;
        interp->ceval.pending.async_exc = 0;
        recompute_eval_breaker(interp);
        PyErr_SetNone(exc);
        Py_DECREF(exc);
        return -1;
    }
    return 0;
}
