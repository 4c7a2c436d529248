/* s2.inline_generator_calls: frames for calls of fivefold generator functions. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

_PyInterpreterFrame *
ff_push_generator_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs,
                        PyObject *kwnames)
{
    int flags = ((PyCodeObject *)func->func_code)->co_flags;
    if (!(flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))) {
        return NULL;   /* a plain function: s2.inline_calls' */
    }
    /* The binding is a plain function's; what differs is after the push. */
    return ff_push_frame(tstate, func, argv, nargs, kwnames, 0);
}
